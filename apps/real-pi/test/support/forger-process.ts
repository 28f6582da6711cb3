/**
 * Owns: `ForgerProcess`, the test's handle on `forwarding-forger.mjs` running as a process of its own: one command
 * at a time over stdin, one JSON reply per command, killed by the test's cleanup.
 * Never: forges anything itself; the script does, with only what a same-user process can see.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pollUntil } from "./bounded-wait";
import type { CleanupStack } from "./cleanup-stack";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "forwarding-forger.mjs");

/** One answer the forger put where a live request's answer goes, what the child should call it, and whether it did. */
export interface ForgedAttempt {
	readonly expect: string;
	readonly contentDigest: string | null;
	readonly recorded: boolean;
}

export interface AttackReport {
	readonly requestId: string | null;
	readonly attempts: readonly ForgedAttempt[];
}

export class ForgerProcess {
	private out = "";
	private err = "";
	private replies = 0;

	private constructor(private readonly child: ChildProcessWithoutNullStreams) {
		child.stdout.setEncoding("utf8");
		child.stderr.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			this.out += chunk;
		});
		child.stderr.on("data", (chunk: string) => {
			this.err += chunk;
		});
	}

	static start(cleanup: CleanupStack, agentDir: string, parentSessionId: string): ForgerProcess {
		const child = spawn(process.execPath, [SCRIPT, agentDir, parentSessionId], { stdio: ["pipe", "pipe", "pipe"] });
		cleanup.defer(() => {
			if (child.exitCode === null) child.kill("SIGKILL");
		});
		return new ForgerProcess(child);
	}

	/** Pre-plants `count` answers at ids guessed from everything on disk (none of them a live request's). */
	async burst(count: number): Promise<number> {
		return ((await this.send({ cmd: "burst", count })) as { attempts: number }).attempts;
	}

	/** Attacks the next live request that appears: forged, replayed and re-addressed answers, one at a time. */
	async attack(timeoutMs = 20_000): Promise<AttackReport> {
		return (await this.send({ cmd: "attack", timeoutMs }, timeoutMs + 60_000)) as AttackReport;
	}

	/** Ends the forger; returns how many answers it wrote in all and how many genuine ones it saw. */
	async stop(): Promise<{ attempts: number; genuineSeen: number }> {
		return (await this.send({ cmd: "stop" })) as { attempts: number; genuineSeen: number };
	}

	private async send(command: Readonly<Record<string, unknown>>, timeoutMs = 30_000): Promise<unknown> {
		const index = this.replies;
		this.replies += 1;
		this.child.stdin.write(`${JSON.stringify(command)}\n`);
		// Only lines ended by a newline are complete replies.
		const line = await pollUntil(() => this.out.split("\n").slice(0, -1)[index], {
			what: `the forger's reply to ${JSON.stringify(command)}`,
			timeoutMs,
			intervalMs: 10,
			detail: () => `stdout: ${this.out}\nstderr: ${this.err}`,
		});
		return JSON.parse(line) as unknown;
	}
}
