/**
 * Owns: the engine benchmark: decision time over `BashProgram` build time for the same command (1 unit, a 10-unit
 * chain, a 200-line script; target <= 1.3), and `decide` throughput over 10,000 mixed calls. Ratios from one run.
 * Never: asserts; it prints numbers for `pnpm bench`.
 */
import { BashParser, BashProgram, createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import { POSIX_FLAVOR } from "@pi-permissions/policy";
import type { ToolCall } from "../src/pipeline/tool-call";
import { benchPipeline } from "./bench-pipeline";

const CONFIG = {
	permission: {
		"*": "ask",
		bash: {
			"*": "ask",
			"git *": "ask",
			"git status": "allow",
			"ls *": "allow",
			"echo *": "allow",
			"cat *": "allow",
			"rm *": "deny",
		},
		path: { "*.env": "deny", "~/.ssh/*": "deny" },
		external_directory: { "*": "ask", "/tmp/*": "allow" },
		read: "allow",
		write: { "*": "ask", "src/*": "allow" },
		mcp: { "*": "ask", "exa:*": "allow" },
	},
};

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Median per-call times of `a` and `b` over `rounds` rounds of `batch` calls each, the two interleaved round by round
 * so machine load drifts over both alike (after a warm-up).
 */
function pairedTimes(a: () => void, b: () => void, batch: number, rounds = 21): readonly [number, number] {
	for (let i = 0; i < batch * 3; i++) {
		a();
		b();
	}
	const samplesA: number[] = [];
	const samplesB: number[] = [];
	const round = (fn: () => void, into: number[]) => {
		const start = performance.now();
		for (let i = 0; i < batch; i++) fn();
		into.push((performance.now() - start) / batch);
	};
	for (let r = 0; r < rounds; r++) {
		round(a, samplesA);
		round(b, samplesB);
	}
	return [median(samplesA), median(samplesB)];
}

const cwd = process.cwd();
const home = process.env.HOME ?? "/home/u";
const parser = await BashParser.load();
const normalizer = PathNormalizer.create({ cwd, home, flavor: POSIX_FLAVOR, probe: createNodeFileSystemProbe() });
const pipeline = benchPipeline({ config: CONFIG, parser, normalizer, mcpServers: ["exa"] });

const chain = Array.from({ length: 10 }, (_, i) => `echo step${i} src/file${i}.ts`).join(" && ");
const script = Array.from({ length: 200 }, (_, i) =>
	i % 4 === 0 ? `if [ -f src/f${i}.ts ]; then cat src/f${i}.ts | grep x; fi` : `echo "line ${i}" >> out.log`,
).join("\n");
const commands: readonly (readonly [string, string, number])[] = [
	["1 unit", "git status", 400],
	["10-unit chain", chain, 100],
	["200-line script", script, 5],
];

console.log("engine decision time / BashProgram build time (target <= 1.3)");
for (const [label, command, batch] of commands) {
	const call: ToolCall = { toolName: "bash", input: { command }, agentName: null, toolCallId: null };
	const [build, decide] = pairedTimes(
		() => BashProgram.parse(command, { parser, normalizer: normalizer.withProbeCache() }),
		() => pipeline.decide(call),
		batch,
	);
	console.log(
		`  ${label.padEnd(16)} build ${build.toFixed(3)} ms  decide ${decide.toFixed(3)} ms  ratio ${(decide / build).toFixed(2)}`,
	);
}

const mixed: ToolCall[] = [];
const templates: readonly ((i: number) => ToolCall)[] = [
	(i) => ({
		toolName: "bash",
		input: { command: `git status && ls src/d${i % 7}` },
		agentName: null,
		toolCallId: null,
	}),
	(i) => ({
		toolName: "bash",
		input: { command: `cat src/f${i % 13}.ts | grep -n x > /tmp/out${i % 3}` },
		agentName: null,
		toolCallId: null,
	}),
	(i) => ({ toolName: "read", input: { path: `src/f${i % 11}.ts` }, agentName: null, toolCallId: null }),
	(i) => ({ toolName: "write", input: { path: `docs/n${i % 5}.md`, content: "x" }, agentName: null, toolCallId: null }),
	(i) => ({
		toolName: "mcp",
		input: { tool: `exa:search${i % 3}`, arguments: { q: "x" } },
		agentName: null,
		toolCallId: null,
	}),
	() => ({ toolName: "grep", input: { pattern: "TODO" }, agentName: null, toolCallId: null }),
	(i) => ({ toolName: "read", input: { path: `/etc/host${i % 2}` }, agentName: null, toolCallId: null }),
	() => ({ toolName: "custom_tool", input: {}, agentName: null, toolCallId: null }),
];
for (let i = 0; i < 10_000; i++) mixed.push((templates[i % templates.length] as (i: number) => ToolCall)(i));
for (const call of mixed.slice(0, 500)) pipeline.decide(call);
const start = performance.now();
for (const call of mixed) pipeline.decide(call);
const elapsed = performance.now() - start;
console.log(
	`decide throughput: 10,000 mixed calls in ${elapsed.toFixed(0)} ms (${Math.round(10_000 / (elapsed / 1000))} calls/s)`,
);
