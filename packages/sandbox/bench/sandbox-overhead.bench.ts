/**
 * Owns: the per-call overhead of the sandbox: median and p95 wall time of `true` run through `bash -c` as Pi runs it,
 * unsandboxed, at the floor (the very bubblewrap line of a sandboxed call, built once: the same mounts, namespaces and
 * seccomp program, no per-call work), and sandboxed as Pi runs it (the plan looked up, the command wrapped), inside the
 * sandbox a `*.env: deny` policy produces, interleaved, from one run, with the load average.
 * Never: asserts a time; it prints the numbers the README states. Run: `pnpm --filter @pi-permissions/sandbox bench`.
 */
import { spawn } from "node:child_process";
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	realpathSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { composePolicy, POSIX_FLAVOR, validateConfig } from "@pi-permissions/policy";
import { toRuntimeSettings } from "../src/runtime-config";
import { SandboxPlanCache } from "../src/sandbox-plan-cache";
import { SandboxRuntime } from "../src/sandbox-runtime";

const RUNS = Number(process.env.SANDBOX_BENCH_RUNS ?? 100);

function runBash(command: string, cwd: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn("bash", ["-c", command], { cwd, stdio: "ignore" });
		child.on("error", reject);
		child.on("close", () => resolve());
	});
}

function stats(samples: number[]): { median: number; p95: number } {
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
	return { median: at(0.5), p95: at(0.95) };
}

async function time(body: () => Promise<void>): Promise<number> {
	const start = process.hrtime.bigint();
	await body();
	return Number(process.hrtime.bigint() - start) / 1e6;
}

const root = realpathSync(mkdtempSync(join(tmpdir(), "pp-sandbox-bench-")));
const project = join(root, "project");
const home = join(root, "home");
mkdirSync(join(project, "src"), { recursive: true });
mkdirSync(join(home, ".pi", "agent"), { recursive: true });
mkdirSync(join(root, "tmp"));
writeFileSync(join(project, ".env"), "SECRET=x\n");
for (let i = 0; i < 50; i++) writeFileSync(join(project, "src", `f${i}.ts`), "export {};\n");
const validated = validateConfig({ permission: { bash: { "*": "allow" }, path: { "*.env": "deny" } } });
if (!validated.ok) throw new Error(JSON.stringify(validated.error));
const policy = composePolicy({
	scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
	env: { home, flavor: POSIX_FLAVOR },
});
const plans = new SandboxPlanCache({
	canonical: (path) => {
		try {
			return realpathSync(path);
		} catch {
			return path;
		}
	},
	exists: (path) => existsSync(path),
	isDirectory: (path) => existsSync(path) && statSync(path).isDirectory(),
	list: (path) => (existsSync(path) ? readdirSync(path) : null),
});
const inputs = {
	policy,
	cwd: project,
	home,
	agentDir: join(home, ".pi", "agent"),
	tmpDir: join(root, "tmp"),
	flavor: "posix" as const,
};
const started = await SandboxRuntime.start(toRuntimeSettings(plans.planFor(inputs)), {
	platform: process.platform,
	searchPath: process.env.PATH ?? "",
});
if (!started.ok) throw new Error(`${started.error.message}; ${started.error.hint}`);
const runtime = started.value;
// The floor: the bubblewrap line of a sandboxed call, built once and spawned as it is.
const floorLine = await runtime.wrap("true", { id: "bench-floor", cwd: project });

const load = loadavg();
const bare: number[] = [];
const floor: number[] = [];
const sandboxed: number[] = [];
const wrapOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
	bare.push(await time(() => runBash("true", project)));
	floor.push(await time(() => runBash(floorLine, project)));
	sandboxed.push(
		await time(async () => {
			const id = `bench-${i}`;
			const wrapStart = process.hrtime.bigint();
			const plan = plans.planFor(inputs);
			runtime.update(toRuntimeSettings(plan));
			const wrapped = await runtime.wrap("true", { id, cwd: project });
			wrapOnly.push(Number(process.hrtime.bigint() - wrapStart) / 1e6);
			await runBash(wrapped, project);
			runtime.annotate(id, "");
		}),
	);
}
const loadAfter = loadavg();
await runtime.stop();
rmSync(root, { recursive: true, force: true });

const b = stats(bare);
const f = stats(floor);
const s = stats(sandboxed);
const w = stats(wrapOnly);
const fmt = (value: number) => value.toFixed(1);
console.log(`runs: ${RUNS} each, interleaved, \`true\` via bash -c`);
console.log(
	`load average: ${load.map((x) => x.toFixed(2)).join(" ")} before, ${loadAfter.map((x) => x.toFixed(2)).join(" ")} after`,
);
console.log(`unsandboxed: median ${fmt(b.median)} ms, p95 ${fmt(b.p95)} ms`);
console.log(`floor:       median ${fmt(f.median)} ms, p95 ${fmt(f.p95)} ms (the same bubblewrap line, built once)`);
console.log(
	`sandboxed:   median ${fmt(s.median)} ms, p95 ${fmt(s.p95)} ms (of which plan and wrapping: median ${fmt(w.median)} ms, p95 ${fmt(w.p95)} ms)`,
);
const floorOverhead = f.median - b.median;
const sandboxOverhead = s.median - b.median;
console.log(
	`overhead:    floor +${fmt(floorOverhead)} ms, sandboxed +${fmt(sandboxOverhead)} ms: ${fmt(sandboxOverhead / floorOverhead)}x the floor's (target at most 2x)`,
);
