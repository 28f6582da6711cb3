/**
 * Owns: `PiProcess`, one real `pi` child process in its own process group: stdout and stderr collected (stdout also
 * as lines), stdin writable, its exit observable with a bound, and `kill()` that ends the group (Pi and any command
 * its bash tool started).
 * Never: leaves the process running: `kill()` is idempotent and the suites call it from `afterEach`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { pollUntil, tail } from "./bounded-wait";
import type { PiCommand } from "./pi-command";

export interface PiExit {
	readonly code: number | null;
	readonly signal: NodeJS.Signals | null;
}

export class PiProcess {
	private out = "";
	private err = "";
	private exit: PiExit | null = null;
	private readonly lineListeners: ((line: string) => void)[] = [];
	private pending = "";

	private constructor(private readonly child: ChildProcessWithoutNullStreams) {
		child.stdout.setEncoding("utf8");
		child.stderr.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => this.onStdout(chunk));
		child.stderr.on("data", (chunk: string) => {
			this.err += chunk;
		});
		// A write after Pi exited must not crash the test run.
		child.stdin.on("error", () => undefined);
		child.on("exit", (code, signal) => {
			this.exit = { code, signal };
		});
	}

	static spawn(command: PiCommand): PiProcess {
		const child = spawn(command.file, [...command.args], {
			cwd: command.cwd,
			env: { ...command.env },
			stdio: ["pipe", "pipe", "pipe"],
			detached: true,
		});
		return new PiProcess(child);
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	get stdout(): string {
		return this.out;
	}

	get stderr(): string {
		return this.err;
	}

	/** The exit, or `null` while Pi runs. */
	get exited(): PiExit | null {
		return this.exit;
	}

	/** Calls `listener` for every complete stdout line from now on. */
	onLine(listener: (line: string) => void): void {
		this.lineListeners.push(listener);
	}

	writeLine(record: unknown): void {
		this.child.stdin.write(`${JSON.stringify(record)}\n`);
	}

	closeStdin(): void {
		this.child.stdin.end();
	}

	/** Waits at most `timeoutMs` for Pi to exit on its own. */
	waitForExit(timeoutMs: number): Promise<PiExit> {
		return pollUntil(() => this.exit ?? undefined, {
			what: "pi to exit",
			timeoutMs,
			detail: () => this.describe(),
		});
	}

	/** Kills the process group and waits (bounded) for the exit. Idempotent. */
	async kill(): Promise<void> {
		if (this.exit !== null || this.child.pid === undefined) return;
		try {
			process.kill(-this.child.pid, "SIGKILL");
		} catch {
			// The group is already gone.
		}
		// A liveness margin: a killed process is reaped in milliseconds, unless the machine is very busy.
		await this.waitForExit(30_000);
	}

	/** The tails of stdout and stderr, for failure messages. */
	describe(): string {
		return `--- pi stdout (tail) ---\n${tail(this.out)}\n--- pi stderr (tail) ---\n${tail(this.err)}`;
	}

	private onStdout(chunk: string): void {
		this.out += chunk;
		this.pending += chunk;
		const lines = this.pending.split("\n");
		this.pending = lines.pop() ?? "";
		for (const line of lines) for (const listener of this.lineListeners) listener(line);
	}
}
