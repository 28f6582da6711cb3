/**
 * `eval` on a 700 MB line, as a child process fed through a pipe (ADR 0022): the CLI's peak resident memory stays
 * bounded (read from `/proc/<pid>/status` `VmHWM`, not timed), the line answers a JSON error with its id, and the
 * lines after it are answered. The test never holds the line: one 1 MiB buffer is written 700 times.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const HUGE_MIB = 700;
/**
 * Generous: under tsx the CLI peaks near 120 MiB on a 2 MiB line and measured 149–213 MiB over 700 and 1,400 MiB lines
 * (the spread is garbage from 64 KiB pipe reads waiting for a collection, not the line: it does not grow with it);
 * holding the line would need at least 700 MiB.
 */
const PEAK_RSS_CEILING_KB = 300 * 1024;

/** Peak resident set size of `pid` in KiB, from `/proc`. */
function peakRssKb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
	if (match === null) throw new Error("no VmHWM in /proc status");
	return Number(match[1]);
}

async function write(child: ChildProcessWithoutNullStreams, data: string | Buffer): Promise<void> {
	if (!child.stdin.write(data)) await once(child.stdin, "drain");
}

// Reads `/proc` (Linux, as CI is): elsewhere `peakRssKb` throws and the test fails rather than skipping.
describe("pi-permissions eval on a 700 MB line, as a child process", () => {
	const tree = new ConfigTree();
	beforeAll(() => tree.writeGlobal({ permission: { bash: { "*": "ask", "ls *": "allow", "rm *": "deny" } } }));
	afterAll(() => tree.remove());

	it("keeps its peak memory bounded, answers the line with its id and answers the lines after it", async () => {
		const child = spawn(
			process.execPath,
			["--conditions=@pi-permissions/source", "--import", "tsx", "src/main.ts", "eval", "--cwd", tree.project],
			{ cwd: packageDir, env: { PATH: process.env.PATH, HOME: tree.home, NO_COLOR: "1" } },
		);
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (text: string) => {
			stdout += text;
		});
		child.stderr.setEncoding("utf8").on("data", (text: string) => {
			stderr += text;
		});
		const exited = once(child, "exit");
		const answered = (count: number) =>
			new Promise<void>((resolve, reject) => {
				const check = () => {
					if (stdout.split("\n").filter((line) => line !== "").length >= count) resolve();
					else if (child.exitCode !== null) reject(new Error(`the CLI exited early: ${stderr}`));
					else setTimeout(check, 50);
				};
				check();
			});

		await write(child, `${JSON.stringify({ id: "before", tool: "bash", input: { command: "ls" } })}\n`);
		await write(child, '{"id":"huge","tool":"bash","input":{"command":"echo ');
		const mebibyte = Buffer.alloc(1024 * 1024, 0x61);
		for (let i = 0; i < HUGE_MIB; i++) await write(child, mebibyte);
		await write(child, '"}}\n');
		await write(child, `${JSON.stringify({ id: "after-1", tool: "bash", input: { command: "rm -rf x" } })}\n`);
		await write(child, `${JSON.stringify({ id: "after-2", tool: "bash", input: { command: "ls -la" } })}\n`);
		await answered(4);
		// Read while the process still lives: stdin stays open until the peak is taken.
		const peakKb = peakRssKb(child.pid as number);
		child.stdin.end();
		const [code] = await exited;

		const answers = stdout
			.split("\n")
			.filter((line) => line !== "")
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		expect(answers.map((answer) => [answer.id, answer.action ?? answer.error])).toEqual([
			["before", "allow"],
			["huge", "line too long"],
			["after-1", "deny"],
			["after-2", "allow"],
		]);
		expect(code).toBe(0);
		expect(stderr).not.toContain("RangeError");
		console.info(`eval peak RSS over a ${HUGE_MIB} MiB line: ${Math.round(peakKb / 1024)} MiB`);
		expect(peakKb).toBeLessThan(PEAK_RSS_CEILING_KB);
	}, 300_000);
});
