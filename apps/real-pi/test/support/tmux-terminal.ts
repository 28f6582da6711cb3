/**
 * Owns: `TmuxTerminal`, a real terminal for Pi's interactive TUI: a detached tmux session of a given size on its own
 * server socket (`tmux -L <name>`), keys sent with `send-keys`, the screen read with `capture-pane -p`, bounded
 * waits for what the screen shows, and `kill()` that ends the whole tmux server.
 * Never: touches the user's default tmux server: every terminal has a unique socket name in its own `TMUX_TMPDIR`,
 * removed with it.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pollUntil } from "./bounded-wait";
import type { PiCommand } from "./pi-command";

const run = promisify(execFile);
/** Where tmux is looked for (CI installs it from Debian's packages). */
export const TMUX = process.env.TMUX_BIN ?? "tmux";
/** The bound of one tmux invocation (a liveness margin: one call takes milliseconds). */
const TMUX_CALL_MS = 30_000;
const SESSION = "pi";

export interface TerminalSize {
	readonly columns: number;
	readonly rows: number;
}

export class TmuxTerminal {
	private killed = false;
	/** The pid of the pane's process (Pi: `env` and the bin shim exec into it). */
	private panePid: number | null = null;

	private constructor(
		readonly socket: string,
		readonly size: TerminalSize,
		/** The `TMUX_TMPDIR` holding this server's socket. */
		private readonly socketDir: string,
	) {}

	/** Starts `command` in a fresh tmux server of the given size. */
	static async start(command: PiCommand, size: TerminalSize): Promise<TmuxTerminal> {
		const socketDir = mkdtempSync(join(tmpdir(), "real-pi-tmux-"));
		const terminal = new TmuxTerminal(`real-pi-${randomBytes(4).toString("hex")}`, size, socketDir);
		const environment = Object.entries(command.env).map(([key, value]) => `${key}=${value}`);
		try {
			await terminal.tmux(
				"-f",
				"/dev/null",
				"new-session",
				"-d",
				"-s",
				SESSION,
				"-x",
				String(size.columns),
				"-y",
				String(size.rows),
				"-c",
				command.cwd,
				"--",
				"env",
				"-i",
				...environment,
				command.file,
				...command.args,
				// In the same command queue, before Pi could exit: keep the pane after Pi exits, so a crash stays readable.
				";",
				"set-option",
				"-t",
				SESSION,
				"remain-on-exit",
				"on",
			);
			const { stdout } = await terminal.tmuxOutput("display-message", "-p", "-t", SESSION, "#{pane_pid}");
			terminal.panePid = Number.parseInt(stdout.trim(), 10);
		} catch (error) {
			await terminal.kill();
			throw error;
		}
		return terminal;
	}

	/** The visible screen, one string per row (trailing blanks trimmed). */
	/** The pid of Pi in the pane (after `start`), for tests that read its memory from `/proc`. */
	get pid(): number | null {
		return this.panePid;
	}

	async screen(): Promise<string[]> {
		const { stdout } = await this.tmuxOutput("capture-pane", "-p", "-t", SESSION);
		return stdout
			.replace(/\n$/, "")
			.split("\n")
			.map((row) => row.trimEnd());
	}

	/**
	 * Waits (bounded) until `matches` returns something for the screen; rejects with the last screen. The default bound
	 * is a liveness margin (ADR 0047) over Pi's start and a dialog's drawing on a busy machine.
	 */
	async waitForScreen<T>(what: string, matches: (rows: string[]) => T | undefined, timeoutMs = 90_000): Promise<T> {
		let last: string[] = [];
		return pollUntil(
			async () => {
				last = await this.screen();
				return matches(last);
			},
			{ what, timeoutMs, intervalMs: 100, detail: () => `--- screen ---\n${last.join("\n")}` },
		);
	}

	/** Waits until the screen contains `text`; returns the screen. */
	waitForText(text: string, timeoutMs?: number): Promise<string[]> {
		return this.waitForScreen(
			`"${text}" on the screen`,
			(rows) => (rows.join("\n").includes(text) ? rows : undefined),
			timeoutMs,
		);
	}

	/** Sends tmux key names (`y`, `Enter`, `C-o`, `Escape`). */
	async press(...keys: string[]): Promise<void> {
		for (const key of keys) await this.tmux("send-keys", "-t", SESSION, key);
	}

	/** Types text literally (one write: a string of several characters arrives as one burst). */
	async type(text: string): Promise<void> {
		await this.tmux("send-keys", "-t", SESSION, "-l", text);
	}

	/** Pastes text as a terminal paste does: wrapped in bracketed-paste markers when the program asked for them. */
	async paste(text: string): Promise<void> {
		await this.tmux("set-buffer", "-b", "real-pi-paste", "--", text);
		await this.tmux("paste-buffer", "-p", "-d", "-b", "real-pi-paste", "-t", SESSION);
	}

	/** Ends the tmux server and everything in it, and waits (bounded) until Pi has exited. Idempotent. */
	async kill(): Promise<void> {
		if (this.killed) return;
		this.killed = true;
		try {
			await this.tmux("kill-server");
		} catch {
			// The server is already gone.
		}
		rmSync(this.socketDir, { recursive: true, force: true });
		const pid = this.panePid;
		if (pid === null || Number.isNaN(pid)) return;
		await pollUntil(() => (isAlive(pid) ? undefined : true), {
			what: `pi (pid ${pid}) to exit`,
			timeoutMs: 30_000,
		}).catch(() => {
			try {
				process.kill(pid, "SIGKILL");
			} catch {
				// Gone between the check and the kill.
			}
		});
	}

	private async tmux(...args: string[]): Promise<void> {
		await this.tmuxOutput(...args);
	}

	private tmuxOutput(...args: string[]): Promise<{ stdout: string }> {
		return run(TMUX, ["-L", this.socket, ...args], {
			timeout: TMUX_CALL_MS,
			env: { ...process.env, TMUX: "", TMUX_TMPDIR: this.socketDir },
		});
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}
