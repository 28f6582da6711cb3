/**
 * Owns: the CLI benchmark, from one run: `eval` throughput over 10,000 mixed calls streamed through the built
 * binary, and `check` cold start minus a bare `node -e 0` start (medians of interleaved runs).
 * Never: asserts; it reports. Needs `dist/` (the bench script builds it first).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MAIN = new URL("../dist/main.js", import.meta.url).pathname;
const POLICY = new URL("../src/recommended-policy.json", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "pi-permissions-bench-"));
const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: join(home, "agent") };
const common = ["--global", POLICY, "--cwd", home];

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] as number;
}

function timed(args: string[], input?: string): number {
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, args, { env, input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status === null || result.status === 1) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
	return ms;
}

const calls = [
	{ tool: "bash", input: { command: "git status && ls -la" } },
	{ tool: "bash", input: { command: "echo $(rm -rf ~/x)" } },
	{ tool: "read", input: { path: ".env" } },
	{ tool: "read", input: { path: "src/index.ts" } },
	{ tool: "mcp__github__create_issue", input: { title: "x" } },
	{ tool: "bash", input: { command: "cd sub && cat ../README.md | grep -n x > out.txt" } },
	{ tool: "write", input: { path: "notes.md", content: "hi" } },
	{ tool: "bash", input: { command: "sudo rm -rf /" } },
];
const lines = Array.from({ length: 10_000 }, (_, i) =>
	JSON.stringify({ id: String(i), ...calls[i % calls.length] }),
).join("\n");

try {
	const node: number[] = [];
	const check: number[] = [];
	for (let i = 0; i < 10; i++) {
		node.push(timed(["-e", "0"]));
		check.push(timed([MAIN, "check", ...common, "bash", "git status && ls -la"]));
	}
	const evalMs = timed([MAIN, "eval", ...common], `${lines}\n`);
	console.log("cli bench (built dist, one run)");
	console.log(`  check cold start:      ${median(check).toFixed(0)} ms (median of 10)`);
	console.log(`  bare node -e 0:        ${median(node).toFixed(0)} ms (median of 10)`);
	console.log(`  check minus node:      ${(median(check) - median(node)).toFixed(0)} ms`);
	console.log(
		`  eval, 10,000 calls:    ${evalMs.toFixed(0)} ms in one process (${((10_000 / evalMs) * 1000).toFixed(0)} calls/s, start-up included)`,
	);
} finally {
	rmSync(home, { recursive: true, force: true });
}
