/**
 * Owns: the per-call overhead of the sandbox: median and p95 wall time of `true` run through `bash -c` as Pi runs it,
 * unsandboxed and inside the sandbox a `*.env: deny` policy produces (wrapping included), from one run.
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
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toRuntimeSettings } from "../src/runtime-config";
import { planSandbox } from "../src/sandbox-plan";
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
mkdirSync(join(project, "src"), { recursive: true });
writeFileSync(join(project, ".env"), "SECRET=x\n");
for (let i = 0; i < 50; i++) writeFileSync(join(project, "src", `f${i}.ts`), "export {};\n");
const plan = planSandbox({
	rules: [
		{ surface: "bash", pattern: "*", action: "allow", origin: "global" },
		{ surface: "path", pattern: "*.env", action: "deny", origin: "global" },
	],
	cwd: project,
	home: root,
	tmpDir: join(root, "tmp"),
	protectedTargets: [{ kind: "path", pattern: join(project, ".pi"), why: "project settings", sandbox: "read-only" }],
	allowedDomains: [],
	canonical: (path) => path,
	exists: (path) => existsSync(path),
	isDirectory: (path) => existsSync(path) && statSync(path).isDirectory(),
	list: (path) => (existsSync(path) ? readdirSync(path) : null),
});
const started = await SandboxRuntime.start(toRuntimeSettings(plan), process.platform);
if (!started.ok) throw new Error(`${started.error.message}; ${started.error.hint}`);
const runtime = started.value;

const bare: number[] = [];
const sandboxed: number[] = [];
const wrapOnly: number[] = [];
for (let i = 0; i < RUNS; i++) {
	bare.push(await time(() => runBash("true", project)));
	sandboxed.push(
		await time(async () => {
			const id = `bench-${i}`;
			const wrapStart = process.hrtime.bigint();
			const wrapped = await runtime.wrap("true", id);
			wrapOnly.push(Number(process.hrtime.bigint() - wrapStart) / 1e6);
			await runBash(wrapped, project);
			runtime.annotate(id, "");
		}),
	);
}
await runtime.stop();
rmSync(root, { recursive: true, force: true });

const b = stats(bare);
const s = stats(sandboxed);
const w = stats(wrapOnly);
const fmt = (value: number) => value.toFixed(1);
console.log(`runs: ${RUNS} each, \`true\` via bash -c`);
console.log(`unsandboxed: median ${fmt(b.median)} ms, p95 ${fmt(b.p95)} ms`);
console.log(
	`sandboxed:   median ${fmt(s.median)} ms, p95 ${fmt(s.p95)} ms (of which wrapping: median ${fmt(w.median)} ms, p95 ${fmt(w.p95)} ms)`,
);
console.log(`overhead:    median +${fmt(s.median - b.median)} ms, ratio ${fmt(s.median / b.median)}x`);
