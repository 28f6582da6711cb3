/**
 * Owns: `FileSystemProbe`, the only file-system edge of access-intent, and its `node:fs` implementation.
 * Never: throws, writes, or follows anything but the questions asked (realpath, lstat, readdir); the only `node:` import.
 */
import { lstatSync, readdirSync, realpathSync } from "node:fs";

export type EntryKind = "file" | "directory" | "symlink" | "other";

export interface EntryStat {
	readonly kind: EntryKind;
}

/**
 * The file-system questions path interpretation needs. Every method must not throw: a missing entry, a permission
 * error or any other failure returns `null`.
 */
export interface FileSystemProbe {
	/** The symlink-resolved absolute form of an existing path, or `null` when it does not exist. Must not throw. */
	realpath(path: string): string | null;
	/** What the entry itself is (a symlink is not followed), or `null` when it does not exist. Must not throw. */
	lstat(path: string): EntryStat | null;
	/** The entry names of a directory (no `.`/`..`), or `null` when it cannot be listed. Must not throw. */
	readdir(path: string): readonly string[] | null;
}

/** The real file system through synchronous `node:fs` calls; only a composition root or a real-fs test builds it. */
export function createNodeFileSystemProbe(): FileSystemProbe {
	// INVARIANT: a missing entry is answered without an exception (`throwIfNoEntry: false`); throwing costs a stack trace
	// per probe, and most candidate paths of a command do not exist.
	const entry = (path: string) => lstatSync(path, { throwIfNoEntry: false });
	return {
		realpath(path) {
			try {
				if (entry(path) === undefined) return null;
				// INVARIANT: the native realpath resolves `link/..` physically, as the kernel does; the JS one folds it first.
				return realpathSync.native(path);
			} catch {
				return null;
			}
		},
		lstat(path) {
			try {
				const stat = entry(path);
				if (stat === undefined) return null;
				if (stat.isSymbolicLink()) return { kind: "symlink" };
				if (stat.isDirectory()) return { kind: "directory" };
				if (stat.isFile()) return { kind: "file" };
				return { kind: "other" };
			} catch {
				return null;
			}
		},
		readdir(path) {
			try {
				return readdirSync(path);
			} catch {
				return null;
			}
		},
	};
}

/**
 * A view of `probe` that answers each question once: for the duration of one command's analysis, where the same
 * prefixes are asked about again and again. Not for long-lived use: it never notices later file-system changes.
 * `calls()` counts the questions passed on to `probe`.
 */
export function createMemoizedProbe(probe: FileSystemProbe): FileSystemProbe & { calls(): number } {
	return new MemoizedProbe(probe);
}

class MemoizedProbe implements FileSystemProbe {
	private count = 0;
	readonly realpath: (path: string) => string | null;
	readonly lstat: (path: string) => EntryStat | null;
	readonly readdir: (path: string) => readonly string[] | null;

	constructor(probe: FileSystemProbe) {
		const passedOn = (): void => {
			this.count++;
		};
		this.realpath = answeredOnce((path) => probe.realpath(path), passedOn);
		this.lstat = answeredOnce((path) => probe.lstat(path), passedOn);
		this.readdir = answeredOnce((path) => probe.readdir(path), passedOn);
	}

	calls(): number {
		return this.count;
	}
}

/** `question` asked once per path (a `null` answer included); `passedOn` runs for each question really asked. */
function answeredOnce<T>(question: (path: string) => T | null, passedOn: () => void): (path: string) => T | null {
	const answers = new Map<string, T | null>();
	return (path) => {
		const cached = answers.get(path);
		if (cached !== undefined || answers.has(path)) return cached ?? null;
		passedOn();
		const answer = question(path);
		answers.set(path, answer);
		return answer;
	};
}
