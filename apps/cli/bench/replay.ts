/**
 * Owns: the replay benchmark: 10,000 recorded tool calls of mixed tools, in Pi's session format, replayed through
 * `runCli(["replay", "--json"])` in-process against the recommended policy (run it with
 * `node --conditions=@pi-permissions/source --import tsx bench/replay.ts`); reports wall and CPU time per run, which
 * include loading the parser and reading the files, not Node's start-up.
 * Never: asserts; it reports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliHost } from "../src/cli-host";
import { runCli } from "../src/cli-program";
import { nodeFileEdges } from "../src/node-host";

const POLICY = new URL("../src/recommended-policy.json", import.meta.url).pathname;
const CALLS = 10_000;
const home = mkdtempSync(join(tmpdir(), "pi-permissions-replay-bench-"));
const agentDir = join(home, "agent");
const project = join(home, "project");
mkdirSync(project, { recursive: true });

const shapes = [
	{ name: "bash", arguments: { command: "git status && ls -la" } },
	{ name: "bash", arguments: { command: "git push origin main" } },
	{ name: "bash", arguments: { command: "cd sub && cat ../README.md | grep -n x > out.txt" } },
	{ name: "bash", arguments: { command: "npm test -- --run" } },
	{ name: "read", arguments: { path: "src/index.ts" } },
	{ name: "read", arguments: { path: ".env" } },
	{ name: "write", arguments: { path: "notes.md", content: "hi" } },
	{ name: "edit", arguments: { path: "src/a.ts", edits: [{ oldText: "a", newText: "b" }] } },
	{ name: "grep", arguments: { pattern: "TODO", path: "src" } },
	{ name: "mcp__github__create_issue", arguments: { title: "x" } },
];

// Ten sessions of 1,000 calls each, as Pi lays them out under the agent directory.
for (let session = 0; session < 10; session++) {
	const lines: string[] = [
		JSON.stringify({
			type: "session",
			version: 3,
			id: `s${session}`,
			timestamp: "2026-01-01T00:00:00.000Z",
			cwd: project,
		}),
	];
	for (let i = 0; i < CALLS / 10; i++) {
		const shape = shapes[i % shapes.length] as (typeof shapes)[number];
		lines.push(
			JSON.stringify({
				type: "message",
				id: `a${i}`,
				parentId: null,
				timestamp: "2026-01-02T00:00:00.000Z",
				message: { role: "assistant", content: [{ type: "toolCall", id: `s${session}-c${i}`, ...shape }] },
			}),
		);
	}
	const dir = join(agentDir, "sessions", "--project--");
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, `2026_s${session}.jsonl`), `${lines.join("\n")}\n`);
}

const env = { ...process.env, HOME: home, PI_CODING_AGENT_DIR: agentDir };
const runs: { wall: number; cpu: number }[] = [];
let calls = 0;
for (let run = 0; run < Number(process.env.BENCH_RUNS ?? 3); run++) {
	let stdout = "";
	const host: CliHost = {
		env,
		cwd: project,
		home,
		flavor: "posix",
		stdin: process.stdin,
		stdout: {
			write: (text) => {
				stdout += text;
			},
		},
		stderr: { write: (text) => void process.stderr.write(text) },
		color: false,
		...nodeFileEdges(),
		stderrIsTerminal: false,
		today: () => "2026-01-02",
		now: () => Date.now(),
	};
	const cpuBefore = process.cpuUsage();
	const start = process.hrtime.bigint();
	const code = await runCli(["replay", "--json", "--global", POLICY], host);
	const wall = Number(process.hrtime.bigint() - start) / 1e6;
	const cpu = process.cpuUsage(cpuBefore);
	if (code !== 0) throw new Error(`replay exited ${code}`);
	runs.push({ wall, cpu: (cpu.user + cpu.system) / 1000 });
	calls = JSON.parse(stdout).calls;
}
if (process.env.KEEP_BENCH === undefined) rmSync(home, { recursive: true, force: true });
else console.log(home);
const median = [...runs].sort((a, b) => a.wall - b.wall)[Math.floor(runs.length / 2)] as { wall: number; cpu: number };
const shown = runs.map((r) => `${r.wall.toFixed(0)} ms wall / ${r.cpu.toFixed(0)} ms CPU`).join(", ");
console.log(
	`replay: ${calls} recorded calls in ${(median.wall / 1000).toFixed(2)} s wall, ${(median.cpu / 1000).toFixed(2)} s CPU (median run; ${shown})`,
);
