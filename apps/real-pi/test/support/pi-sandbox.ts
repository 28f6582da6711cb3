/**
 * Owns: `PiSandbox`, one isolated world for one Pi run: a temp agent dir (`PI_CODING_AGENT_DIR`), a temp working
 * directory and a temp HOME, the pi-permissions config and review log inside it, and the scripted conversation file.
 * Never: touches the real home or agent dir; `remove()` deletes everything it created.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type ScriptedTurn, writeScript } from "./scripted-turns";

/** The request facts a review-log decision records for an ask (`null` for a decision no one was asked about). */
export interface ReviewLogRequest {
	readonly sessionId: string;
	readonly subagent: boolean;
	readonly toolName: string;
	readonly value: string;
	readonly matchedPattern: string | null;
	readonly ruleOrigin: string | null;
	readonly [key: string]: unknown;
}

/** One line of the review log, as far as the suites read it. */
export interface ReviewLogLine {
	readonly event: string;
	readonly toolName: string;
	readonly result: "allow" | "deny" | "ask";
	readonly resolution: string;
	readonly decidedBy: string;
	readonly value: string | null;
	readonly reason: string | null;
	readonly request?: ReviewLogRequest | null;
	readonly [key: string]: unknown;
}

export class PiSandbox {
	private constructor(
		/** The temp directory holding everything below. */
		readonly root: string,
		readonly agentDir: string,
		readonly cwd: string,
		readonly home: string,
	) {}

	static create(prefix = "real-pi-"): PiSandbox {
		// The canonical path, so what Pi reports as its cwd equals what the test expects.
		const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
		const sandbox = new PiSandbox(root, join(root, "agent"), join(root, "project"), join(root, "home"));
		for (const dir of [sandbox.agentDir, sandbox.cwd, sandbox.home]) mkdirSync(dir, { recursive: true });
		return sandbox;
	}

	get configFile(): string {
		return join(this.agentDir, "extensions", "pi-permissions", "config.json");
	}

	get reviewLogFile(): string {
		return join(this.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl");
	}

	/** Writes the global pi-permissions config. */
	writeConfig(config: Readonly<Record<string, unknown>>): void {
		mkdirSync(dirname(this.configFile), { recursive: true });
		writeFileSync(this.configFile, JSON.stringify(config, null, 2));
	}

	/** Writes a scripted conversation and returns its file (for `REAL_PI_SCRIPT`). */
	writeScript(turns: readonly ScriptedTurn[], name = "script.json"): string {
		const file = join(this.root, name);
		writeScript(file, turns);
		return file;
	}

	/** A path inside the working directory. */
	file(relative: string): string {
		return join(this.cwd, relative);
	}

	/** Creates a file inside the working directory and returns its path. */
	writeFile(relative: string, content = "x\n"): string {
		const file = this.file(relative);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, content);
		return file;
	}

	/** The review log's lines so far (none when the file does not exist yet). */
	reviewLog(): ReviewLogLine[] {
		if (!existsSync(this.reviewLogFile)) return [];
		return readFileSync(this.reviewLogFile, "utf8")
			.split("\n")
			.filter((line) => line.trim() !== "")
			.map((line) => JSON.parse(line) as ReviewLogLine);
	}

	/** The review log's permission decisions (without the session summaries written at shutdown). */
	decisions(): ReviewLogLine[] {
		return this.reviewLog().filter((line) => line.event === "permission_decision");
	}

	remove(): void {
		// Retries cover a process that was killed a moment ago and whose last writes are still landing.
		rmSync(this.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
	}
}
