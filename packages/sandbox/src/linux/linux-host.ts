/**
 * Owns: the package's one edge to `node:` on Linux: the tree reads the walk needs (`lstat`, `readdir`, `realpath`,
 * `stat`), finding a program on a search path, running bubblewrap's start-up probe, and the process facts bubblewrap's
 * arguments depend on (effective uid, whether `CAP_SETFCAP` is in the bounding set, the CPU architecture).
 * Never: decides what to mount or run; every read answers a value and never throws.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import type { DirectoryEntry, EntryFacts, EntryKind, TreeReader } from "./directory-listing-cache";

export interface LinuxHost {
	readonly tree: TreeReader;
	/** The absolute path of `program` on the `:`-separated `searchPath`, or `null`. Must not throw. */
	findProgram(program: string, searchPath: string): string | null;
	/** Runs `file args` to its end (at most `timeoutMs`); its exit status (`null` when killed) and error text. */
	probe(file: string, args: readonly string[], timeoutMs: number): { status: number | null; stderr: string };
	/** The effective uid, or `null` when the platform has none. */
	readonly euid: number | null;
	/** Whether `CAP_SETFCAP` is in this process's bounding or inheritable set (needed to map uid 0). */
	readonly hasSetfcap: boolean;
	/** `process.arch`. */
	readonly arch: string;
}

const CAP_SETFCAP = 31;

export function nodeLinuxHost(): LinuxHost {
	return {
		tree: nodeTreeReader(),
		findProgram(program, searchPath) {
			if (program.includes("/")) return isExecutable(program) ? program : null;
			for (const dir of searchPath.split(":")) {
				if (dir === "") continue;
				const candidate = `${dir.replace(/\/+$/, "")}/${program}`;
				if (isExecutable(candidate)) return candidate;
			}
			return null;
		},
		probe(file, args, timeoutMs) {
			try {
				const run = spawnSync(file, args, {
					encoding: "utf8",
					timeout: timeoutMs,
					stdio: ["ignore", "ignore", "pipe"],
				});
				return { status: run.status, stderr: run.error === undefined ? run.stderr : String(run.error) };
			} catch (error) {
				return { status: null, stderr: error instanceof Error ? error.message : String(error) };
			}
		},
		euid: typeof process.geteuid === "function" ? process.geteuid() : null,
		hasSetfcap: hasCapability(CAP_SETFCAP),
		arch: process.arch,
	};
}

function nodeTreeReader(): TreeReader {
	return {
		facts(path): EntryFacts | null {
			try {
				const stat = lstatSync(path, { throwIfNoEntry: false });
				if (stat === undefined) return null;
				return { kind: kindOf(stat), dev: stat.dev, ino: stat.ino, ctimeMs: stat.ctimeMs, mtimeMs: stat.mtimeMs };
			} catch {
				return null;
			}
		},
		list(path): readonly DirectoryEntry[] | "unreadable" | null {
			try {
				return readdirSync(path, { withFileTypes: true }).map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
			} catch (error) {
				const code = (error as { code?: unknown }).code;
				return code === "ENOENT" || code === "ENOTDIR" ? null : "unreadable";
			}
		},
		canonical(path) {
			try {
				return realpathSync(path);
			} catch {
				return null;
			}
		},
		isDirectory(path) {
			try {
				return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
			} catch {
				return false;
			}
		},
		now: () => Date.now(),
	};
}

function kindOf(entry: { isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean }): EntryKind {
	if (entry.isSymbolicLink()) return "symlink";
	if (entry.isDirectory()) return "directory";
	return entry.isFile() ? "file" : "other";
}

function isExecutable(path: string): boolean {
	try {
		accessSync(path, constants.X_OK);
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

/** Whether capability `cap` is in the bounding or inheritable set (`/proc/self/status`); `false` when unreadable. */
function hasCapability(cap: number): boolean {
	try {
		const status = readFileSync("/proc/self/status", "utf8");
		const sets = ["CapBnd", "CapInh"].map((name) => {
			const found = new RegExp(`^${name}:\\s*([0-9a-f]+)$`, "m").exec(status)?.[1];
			return found === undefined ? 0n : BigInt(`0x${found}`);
		});
		return sets.some((set) => ((set >> BigInt(cap)) & 1n) === 1n);
	} catch {
		return false;
	}
}
