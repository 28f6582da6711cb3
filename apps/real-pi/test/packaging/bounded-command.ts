/**
 * Owns: `runBounded`, the packaging suite's one way to run an outside command: its own process group, output
 * collected, the whole group killed when the bound passes.
 * Never: waits without a bound or leaves a child behind on timeout.
 */
import { spawn } from "node:child_process";

export interface BoundedRun {
	readonly command: string;
	readonly args: readonly string[];
	readonly cwd: string;
	readonly env: Readonly<Record<string, string>>;
	readonly timeoutMs: number;
}

export interface BoundedResult {
	readonly code: number | null;
	readonly signal: NodeJS.Signals | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** Runs a command to its end; rejects when it cannot start or outlives `timeoutMs` (its process group is killed). */
export function runBounded(run: BoundedRun): Promise<BoundedResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(run.command, [...run.args], {
			cwd: run.cwd,
			env: run.env,
			detached: true,
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
			stdout += chunk;
		});
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => {
			killGroup(child.pid);
			reject(
				new Error(`${describe(run)} outlived ${run.timeoutMs} ms\nstdout: ${tail(stdout)}\nstderr: ${tail(stderr)}`),
			);
		}, run.timeoutMs);
		child.on("error", (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr });
		});
	});
}

/** Like `runBounded`, but a non-zero exit rejects with the command's output tail. */
export async function runOk(run: BoundedRun): Promise<BoundedResult> {
	const result = await runBounded(run);
	if (result.code !== 0) {
		throw new Error(
			`${describe(run)} exited ${result.code ?? result.signal}\nstdout: ${tail(result.stdout)}\nstderr: ${tail(result.stderr)}`,
		);
	}
	return result;
}

/** The last `max` characters of a text, for failure messages. */
export function tail(text: string, max = 3_000): string {
	return text.length <= max ? text : `…${text.slice(-max)}`;
}

function describe(run: BoundedRun): string {
	return `\`${[run.command, ...run.args].join(" ")}\` in ${run.cwd}`;
}

function killGroup(pid: number | undefined): void {
	if (pid === undefined) return;
	try {
		process.kill(-pid, "SIGKILL");
	} catch {
		// The group has already exited.
	}
}
