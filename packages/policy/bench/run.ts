/**
 * Owns: the policy benchmark: evaluation time with 10,000 rules over 50 surfaces divided by the time with 10 rules
 * (target <= 3), and the compile time of 10,000 rules. Ratios come from one run, so machine noise cancels out.
 * Never: asserts; it reports.
 */
import { CompiledPolicy } from "../src/compiled-policy";
import { POSIX_FLAVOR } from "../src/path-flavor";
import type { PermissionState } from "../src/permission-state";
import type { Rule } from "../src/rule";

const env = { home: "/home/u", flavor: POSIX_FLAVOR };
const ACTIONS: readonly PermissionState[] = ["allow", "ask", "deny"];
const SURFACES = Array.from({ length: 50 }, (_, i) => (i === 0 ? "bash" : i === 1 ? "path" : `tool_${i}`));

/** A realistic mix per surface: command families, path globs, suffix globs and exact values. */
function ruleFor(surface: string, j: number): Rule {
	const action = ACTIONS[j % 3] as PermissionState;
	const shape = j % 4;
	const pattern =
		shape === 0
			? `cmd${j} sub${j % 7} *`
			: shape === 1
				? `/srv/data${j}/*`
				: shape === 2
					? `*.ext${j}`
					: `exact-value-${j}`;
	return { surface, pattern, action, origin: "global" };
}

function rules(total: number): Rule[] {
	const out: Rule[] = [{ surface: "*", pattern: "*", action: "ask", origin: "builtin" }];
	for (let j = 0; out.length < total; j++) out.push(ruleFor(SURFACES[j % SURFACES.length] as string, j));
	return out;
}

const queries: [string, string][] = [];
for (let q = 0; q < 2_000; q++) {
	const surface = SURFACES[q % SURFACES.length] as string;
	const j = (q * 37) % 10_000;
	const shape = q % 5;
	const value =
		shape === 0
			? `cmd${j} sub${j % 7} --flag x`
			: shape === 1
				? `/srv/data${j}/file.txt`
				: shape === 2
					? `src/a.ext${j}`
					: shape === 3
						? `exact-value-${j}`
						: `no-rule-matches-this ${q}`;
	queries.push([surface, value]);
}

function timeEvaluate(policy: CompiledPolicy, rounds: number): number {
	let sink = 0;
	const start = process.hrtime.bigint();
	for (let r = 0; r < rounds; r++) {
		for (const [surface, value] of queries) if (policy.evaluate(surface, value).state === "deny") sink++;
	}
	const ns = Number(process.hrtime.bigint() - start);
	if (sink < 0) console.log(sink);
	return ns / (rounds * queries.length);
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] as number;
}

const small = CompiledPolicy.compile(rules(10), env);
const compileTimes: number[] = [];
let large = CompiledPolicy.compile(rules(10_000), env);
for (let i = 0; i < 7; i++) {
	const ruleList = rules(10_000);
	const start = process.hrtime.bigint();
	large = CompiledPolicy.compile(ruleList, env);
	for (const surface of SURFACES) large.evaluate(surface, "warm"); // includes building every surface index
	compileTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
}

// Warm both, then interleave measurements so drift hits both sides alike.
timeEvaluate(small, 20);
timeEvaluate(large, 20);
const smallTimes: number[] = [];
const largeTimes: number[] = [];
for (let i = 0; i < 15; i++) {
	smallTimes.push(timeEvaluate(small, 10));
	largeTimes.push(timeEvaluate(large, 10));
}
const ratio = median(largeTimes) / median(smallTimes);
console.log(`policy bench (${queries.length} mixed queries, medians of 15 interleaved rounds)`);
console.log(`  evaluate, 10 rules:              ${median(smallTimes).toFixed(0)} ns/call`);
console.log(`  evaluate, 10,000 rules/50 surf.: ${median(largeTimes).toFixed(0)} ns/call`);
console.log(
	`  ratio 10,000 / 10 rules:         ${ratio.toFixed(2)} (target <= 3) ${ratio <= 3 ? "OK" : "OVER TARGET"}`,
);
console.log(`  compile 10,000 rules + index:    ${median(compileTimes).toFixed(1)} ms (median of 7)`);
