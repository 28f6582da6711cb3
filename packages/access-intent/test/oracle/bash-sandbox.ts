/**
 * Owns: running commands under real bash inside bubblewrap, where every program bash can start is a logging stub
 * (stub directory bound over /bin, /usr/bin, /usr/local/bin, /sbin, /usr/sbin; `command_not_found_handle` logs the
 * rest), and reading back which programs each command started, with their argv.
 * Never: runs a real program besides bash itself; judges what ran (that is `oracle-judge.ts`).
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One program start bash made: the stub's basename (`P`) or the name the not-found handler got (`N`). */
export interface ProgramStart {
	readonly name: string;
	readonly argv: readonly string[];
	readonly via: "stub" | "not-found";
}

export interface CommandRun {
	readonly command: string;
	readonly programs: readonly ProgramStart[];
	/** True when the batch timed out while this command ran (its log so far is kept). */
	readonly timedOut: boolean;
}

/** Names with a stub file (also reachable as `/bin/NAME`, `/usr/bin/NAME`, …); any other name reaches the handler. */
export const STUB_NAMES: readonly string[] = [
	...["ls", "cat", "echo", "rm", "curl", "wget", "git", "grep", "sed", "awk", "find", "xargs", "sudo", "env"],
	...["sh", "bash", "dash", "zsh", "python", "python3", "node", "perl", "ruby", "cp", "mv", "touch", "mkdir"],
	...["chmod", "head", "tail", "wc", "sort", "tee", "nc", "ssh", "scp", "printf", "test", "[", "true", "false"],
	...["timeout", "nice", "nohup", "time", "stdbuf", "doas", "watch", "npm", "npx", "make", "tar", "dd", "id"],
	...["whoami", "sleep", "kill", "date", "pwd", "uname", "which", "file", "stat", "ln", "rmdir", "diff", "cut"],
	...["tr", "uniq", "jq", "yes", "seq", "basename", "dirname", "realpath", "readlink", "chown", "install", "x"],
];

export const SANDBOX_HOME = "/home/u";
export const SANDBOX_PROJECT = "/home/u/proj";
const ORACLE_DIR = "/oracle";
const LOG = `${ORACLE_DIR}/log`;
const STUB_DIRS = ["/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin"];

const STUB = `#!${ORACLE_DIR}/bash -p
printf '%s\\0' P "\${__ORACLE_ID-}" "$#" "\${0##*/}" "$@" >>${LOG}
`;

/**
 * One `printf` per record: bash writes it with one `write` to an `O_APPEND` file, so the records of concurrent
 * stubs (pipeline members, background jobs) never interleave.
 */
/** Exported as a function through the environment; bash calls it for a name with no file on PATH. */
const NOT_FOUND_HANDLER = `() { printf '%s\\0' N "\${__ORACLE_ID-}" "$(($# - 1))" "$@" >>${LOG}; return 127; }`;

/** Builtins only: reads NUL-separated commands, runs each in a fresh `bash -c`, marks each start in the log. */
const DRIVER = `cd ${SANDBOX_PROJECT} || exit 3
i=$1
while IFS= read -r -d '' cmd; do
	printf 'M\\0%s\\0' "$i" >>${LOG}
	cd ${SANDBOX_PROJECT} 2>/dev/null
	printf '%s' "$i" >${ORACLE_DIR}/progress
	__ORACLE_ID=$i ${ORACLE_DIR}/bash --norc --noprofile -c "$cmd" </dev/null >/dev/null 2>&1
	i=$((i + 1))
done <${ORACLE_DIR}/cmds
read -r -t 0.3 <>${ORACLE_DIR}/fifo
printf 'E\\0' >>${LOG}
`;

export class SandboxUnavailable extends Error {}

/**
 * The environment each command's `bash -c` starts with, besides `__ORACLE_ID` (the driver's per-command export) and
 * what bash sets itself: the known environment of ADR 0039 oracle rows.
 */
export function sandboxEnvironment(): Record<string, string> {
	return {
		PATH: "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
		HOME: SANDBOX_HOME,
		LANG: "C.UTF-8",
		"BASH_FUNC_command_not_found_handle%%": NOT_FOUND_HANDLER,
	};
}

/** The libraries bash loads, from `ldd`, bound at their own paths (the loader path is fixed in the ELF file). */
function bashLibraries(bash: string): string[] {
	const out = execFileSync("ldd", [bash], { encoding: "utf8" });
	return [...out.matchAll(/(\/\S+)\s+\(0x/g)].map((match) => match[1] as string);
}

export interface SandboxOptions {
	/** Commands per bwrap process. */
	readonly batchSize?: number;
	/** Wall-time bound of one batch, in milliseconds. */
	readonly batchTimeoutMs?: number;
	readonly parallel?: number;
}

/** Where a sandbox keeps its files and how bwrap is called for one batch (the stub layout, the planted one). */
export interface SandboxLayout {
	/** A host directory the sandbox owns (removed by `remove`); batches are made inside it. */
	readonly root: string;
	/** bwrap's arguments for a batch whose files (`cmds`, `log`, `progress`) are in `batchDir`, numbered from `start`. */
	args(batchDir: string, start: number): string[];
}

/** Stubs bound over every program directory; only bash itself and its libraries are real. */
class StubLayout implements SandboxLayout {
	constructor(
		readonly root: string,
		private readonly bash: string,
		private readonly libraries: readonly string[],
	) {}

	args(batchDir: string, start: number): string[] {
		const args = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"];
		args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", SANDBOX_HOME);
		for (const dir of STUB_DIRS) args.push("--ro-bind", join(this.root, "stubs"), dir);
		for (const lib of this.libraries) args.push("--ro-bind", lib, lib);
		args.push("--ro-bind", this.bash, `${ORACLE_DIR}/bash`);
		args.push("--ro-bind", join(this.root, "driver"), `${ORACLE_DIR}/driver`);
		args.push("--bind", join(this.root, "fifo"), `${ORACLE_DIR}/fifo`);
		args.push("--ro-bind", join(batchDir, "cmds"), `${ORACLE_DIR}/cmds`);
		args.push("--bind", join(batchDir, "log"), LOG);
		args.push("--bind", join(batchDir, "progress"), `${ORACLE_DIR}/progress`);
		args.push("--dir", SANDBOX_PROJECT, "--dir", `${SANDBOX_PROJECT}/src`, "--dir", `${SANDBOX_PROJECT}/somedir`);
		args.push("--dir", `${SANDBOX_HOME}/.ssh`, "--dir", "/home/other");
		for (const [name, value] of Object.entries(sandboxEnvironment())) args.push("--setenv", name, value);
		args.push("--chdir", SANDBOX_PROJECT, `${ORACLE_DIR}/bash`, "--norc", "--noprofile", `${ORACLE_DIR}/driver`);
		args.push(String(start));
		return args;
	}
}

export class BashSandbox {
	private constructor(
		private readonly bwrap: string,
		private readonly layout: SandboxLayout,
		/** Wall time one command may take before its batch is killed and resumed after it. */
		private readonly commandMs = 3000,
	) {}

	/** The bwrap binary, or `SandboxUnavailable`: never a silent pass. */
	static bwrapPath(): string {
		const bwrap = ["/usr/bin/bwrap", "/bin/bwrap"].find((path) => existsSync(path));
		if (bwrap === undefined)
			throw new SandboxUnavailable("bubblewrap (bwrap) is not installed: the differential oracle cannot run");
		return bwrap;
	}

	/** A sandbox over `layout`, probed with `probe` (a command that must finish). */
	static withLayout(layout: SandboxLayout, probe = "echo ok", commandMs = 3000): BashSandbox {
		const sandbox = new BashSandbox(BashSandbox.bwrapPath(), layout, commandMs);
		const result = sandbox.runBatchSync([probe], 0);
		if (result.error !== null) throw new SandboxUnavailable(`bubblewrap cannot start a sandbox: ${result.error}`);
		return sandbox;
	}

	/** Throws `SandboxUnavailable` with the reason when bwrap or user namespaces are missing: never a silent pass. */
	static create(): BashSandbox {
		const bash = "/bin/bash";
		const root = mkdtempSync(join(tmpdir(), "pi-permissions-oracle-"));
		const stubs = join(root, "stubs");
		mkdirSync(stubs);
		for (const name of STUB_NAMES) {
			writeFileSync(join(stubs, name), STUB);
			chmodSync(join(stubs, name), 0o755);
		}
		writeFileSync(join(root, "driver"), DRIVER);
		execFileSync("mkfifo", [join(root, "fifo")]);
		return BashSandbox.withLayout(new StubLayout(root, bash, bashLibraries(bash)), "echo ok; ls -l");
	}

	remove(): void {
		rmSync(this.layout.root, { recursive: true, force: true });
	}

	private args(batchDir: string, start: number): string[] {
		return this.layout.args(batchDir, start);
	}

	private prepareBatch(commands: readonly string[]): string {
		const batchDir = mkdtempSync(join(this.layout.root, "batch-"));
		writeFileSync(join(batchDir, "cmds"), commands.map((command) => `${command}\0`).join(""));
		writeFileSync(join(batchDir, "log"), "");
		writeFileSync(join(batchDir, "progress"), "");
		return batchDir;
	}

	/** One batch, synchronously (used for the availability probe). */
	private runBatchSync(commands: readonly string[], start: number): { log: string; error: string | null } {
		const batchDir = this.prepareBatch(commands);
		try {
			execFileSync(this.bwrap, this.args(batchDir, start), { stdio: ["ignore", "ignore", "pipe"], timeout: 20_000 });
			const log = readFileSync(join(batchDir, "log"), "utf8");
			return { log, error: log.endsWith("E\0") ? null : `the driver did not finish (log: ${JSON.stringify(log)})` };
		} catch (error) {
			const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
			return { log: "", error: `${(error as Error).message} ${stderr}`.trim() };
		} finally {
			rmSync(batchDir, { recursive: true, force: true });
		}
	}

	/** Runs every command (each in its own `bash -c`), batches in parallel; a batch that times out resumes after the command that hung. */
	async run(commands: readonly string[], options: SandboxOptions = {}): Promise<CommandRun[]> {
		const batchSize = options.batchSize ?? 500;
		const timeoutMs = options.batchTimeoutMs ?? 120_000;
		// bash cannot receive a NUL in an argument (the gate reads such a command as unparseable): run nothing for it.
		const runnable = commands.map((command) => (command.includes("\0") ? ":" : command));
		const runs: (CommandRun | undefined)[] = new Array(commands.length);
		const queue: [number, number][] = [];
		for (let start = 0; start < commands.length; start += batchSize)
			queue.push([start, Math.min(start + batchSize, commands.length)]);
		const worker = async () => {
			for (;;) {
				const range = queue.shift();
				if (range === undefined) return;
				const [start, end] = range;
				const result = await this.runBatch(runnable.slice(start, end), start, timeoutMs);
				for (let i = start; i < end; i++) {
					const programs = result.programs.get(i);
					if (programs === undefined) continue;
					const timedOut = result.hung === i || result.timedOut.has(i);
					runs[i] = { command: commands[i] as string, programs, timedOut };
				}
				if (result.finished) continue;
				if (result.hung === null) throw new Error(`oracle batch at ${start} failed: ${result.error}`);
				if (result.hung + 1 < end) queue.unshift([result.hung + 1, end]);
			}
		};
		await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
		return runs.map((run, i) => run ?? { command: commands[i] as string, programs: [], timedOut: true });
	}

	private runBatch(
		commands: readonly string[],
		start: number,
		timeoutMs: number,
	): Promise<BatchLog & { error: string }> {
		const batchDir = this.prepareBatch(commands);
		return new Promise((resolve) => {
			const child = spawn(this.bwrap, this.args(batchDir, start), { stdio: ["ignore", "ignore", "pipe"] });
			let stderr = "";
			child.stderr.on("data", (chunk: Buffer) => {
				if (stderr.length < 4096) stderr += chunk.toString();
			});
			// A command that stops making progress (a loop over a stub that always succeeds) ends the batch; the
			// batch resumes after it. The whole batch is bounded too.
			const deadline = Date.now() + timeoutMs;
			let seen = "";
			let since = Date.now();
			const timer = setInterval(() => {
				const progress = readFileSync(join(batchDir, "progress"), "utf8");
				if (progress !== seen) {
					seen = progress;
					since = Date.now();
				}
				if (Date.now() - since > this.commandMs || Date.now() > deadline) child.kill("SIGKILL");
			}, 250);
			child.on("close", () => {
				clearInterval(timer);
				const log = readFileSync(join(batchDir, "log"));
				rmSync(batchDir, { recursive: true, force: true });
				const parsed = parseLog(log);
				resolve({ ...parsed, error: stderr });
			});
		});
	}
}

export interface BatchLog {
	readonly programs: Map<number, ProgramStart[]>;
	/** Commands the driver killed after their time ran out. */
	readonly timedOut: Set<number>;
	readonly finished: boolean;
	/** The command running when the batch itself was killed. */
	readonly hung: number | null;
}

/** Reads the NUL-separated log: `M id`, `P id argc argv…`, `N id argc name args…`, `E`. */
export function parseLog(log: Buffer): BatchLog {
	const fields = log.toString("utf8").split("\0");
	const programs = new Map<number, ProgramStart[]>();
	const timedOut = new Set<number>();
	let current: number | null = null;
	let finished = false;
	let k = 0;
	while (k < fields.length - 1) {
		const tag = fields[k++];
		if (tag === "E") {
			finished = true;
			continue;
		}
		const id = fields[k++] ?? "";
		if (tag === "T") {
			timedOut.add(Number(id));
			continue;
		}
		if (tag === "M") {
			current = Number(id);
			programs.set(current, []);
			continue;
		}
		const argc = Number(fields[k++]);
		const argv = fields.slice(k, k + argc + 1);
		k += argc + 1;
		const owner = /^\d+$/.test(id) ? Number(id) : current;
		if (owner === null) continue;
		const list = programs.get(owner) ?? [];
		list.push({ name: argv[0] ?? "", argv: argv.slice(1), via: tag === "P" ? "stub" : "not-found" });
		programs.set(owner, list);
	}
	return { programs, timedOut, finished, hung: finished ? null : current };
}
