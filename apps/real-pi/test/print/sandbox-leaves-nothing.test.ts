/**
 * Issue 40 item 2, ADR 0056, through the real `pi` command with `sandbox.mode: required`: a sandboxed call creates no
 * entry in the project or the home, neither while it runs nor after Pi is killed with SIGKILL in the middle of it
 * (`git status` clean, `ls -la ~` unchanged); inside, `ls -A` shows exactly the entries on the disk and `grep -r x .`
 * exits as it does unsandboxed on the visible files.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../support/bounded-wait";
import { CleanupStack } from "../support/cleanup-stack";
import { sandboxFor, startPi } from "../support/pi-harness";
import type { PiSandbox } from "../support/pi-sandbox";
import { bashTurn, parseReport } from "../support/scripted-turns";

const EXIT_BOUND_MS = 120_000; // a liveness margin (ADR 0047): Pi reached the call in up to 30 s at load 15
const processes = () => execFileSync("ps", ["-eo", "pid,ppid,args"], { encoding: "utf8" });
const CONFIG = {
	permission: { "*": "allow", bash: { "*": "allow" }, path: { "*.env": "deny" } },
	sandbox: { mode: "required" },
};

const cleanup = new CleanupStack();
afterEach(() => cleanup.run());

function project(sandbox: PiSandbox): void {
	sandbox.writeFile("notes.txt", "x marks the spot\n");
	sandbox.writeFile("plain.txt", "nothing here\n");
	sandbox.writeFile("src/code.ts", "export const x = 1;\n");
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: sandbox.cwd });
	git("init", "-q", ".");
	git("add", ".");
	git("commit", "-qm", "first");
}

/** What a person sees of both places: `git status` of the project and every entry of the home, with its mode. */
function snapshot(sandbox: PiSandbox): { status: string; home: string; project: string } {
	const status = execFileSync("git", ["status", "--porcelain", "--ignored", "--untracked-files=all"], {
		cwd: sandbox.cwd,
		encoding: "utf8",
	});
	const list = (dir: string) => execFileSync("ls", ["-laR", "--time-style=+"], { cwd: dir, encoding: "utf8" });
	return { status, home: list(sandbox.home), project: readdirSync(sandbox.cwd).sort().join("\n") };
}

describe("pi -p with sandbox.mode required", () => {
	it(
		"leaves no entry in the project or the home while a call runs and after Pi is killed",
		async () => {
			const sandbox = sandboxFor(cleanup, CONFIG);
			project(sandbox);
			const before = snapshot(sandbox);
			expect(before.status).toBe("");
			// A duration no other process uses, so `pgrep` finds this call's `sleep` (it runs once the mounts are up).
			const sleep = `sleep 90.${String(process.pid)}${String(Date.now() % 1000)}`;
			const sleeping = () => spawnSync("pgrep", ["-x", "-f", sleep]).status === 0;
			const pi = startPi(cleanup, {
				sandbox,
				tools: ["bash"],
				mode: { kind: "print", prompt: "wait" },
				script: [bashTurn(sleep), { kind: "report" }],
			});
			await pollUntil(() => (sleeping() ? true : undefined), {
				what: "the sandboxed sleep to start",
				timeoutMs: EXIT_BOUND_MS,
				detail: () => `${JSON.stringify(pi.exited)}\n${pi.describe()}`,
			});
			expect(snapshot(sandbox)).toEqual(before);
			const pid = pi.pid;
			if (pid === undefined) throw new Error("pi has no pid");
			// Pi alone, not its group: what the sandbox leaves must not depend on anyone killing the command too.
			process.kill(pid, "SIGKILL");
			expect(await pi.waitForExit(EXIT_BOUND_MS)).toEqual({ code: null, signal: "SIGKILL" });
			// bubblewrap ends with its parent (`--die-with-parent`): wait until this call's `sleep` is gone.
			await pollUntil(() => (sleeping() ? undefined : true), {
				what: "the sandboxed command to end with Pi",
				timeoutMs: EXIT_BOUND_MS,
				detail: processes,
			});
			expect(snapshot(sandbox)).toEqual(before);
		},
		4 * EXIT_BOUND_MS,
	);

	it(
		"shows no phantom entry inside, and `grep -r` exits as it does unsandboxed",
		async () => {
			const sandbox = sandboxFor(cleanup, CONFIG);
			project(sandbox);
			const command = 'ls -A; echo "--"; ls -A ~; echo "--"; grep -r x . >/dev/null 2>&1; echo "grep-exit=$?"';
			const outside = execFileSync("bash", ["-c", command], {
				cwd: sandbox.cwd,
				encoding: "utf8",
				env: { PATH: process.env.PATH ?? "", HOME: sandbox.home },
			});
			const pi = startPi(cleanup, {
				sandbox,
				tools: ["bash"],
				mode: { kind: "print", prompt: "look" },
				script: [bashTurn(command), { kind: "report" }],
			});
			expect(await pi.waitForExit(EXIT_BOUND_MS), pi.describe()).toEqual({ code: 0, signal: null });
			const report = parseReport(pi.stdout);
			expect(report, pi.describe()).toMatchObject([{ toolName: "bash", isError: false }]);
			expect(outside).toContain("grep-exit=0");
			expect(report?.[0]?.text.trim()).toBe(outside.trim());
		},
		2 * EXIT_BOUND_MS,
	);
});
