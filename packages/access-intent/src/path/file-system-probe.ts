/**
 * Owns: `FileSystemProbe`, the only file-system edge of access-intent, and its `node:fs` implementation.
 * Never: throws, writes, or follows anything but the questions asked (realpath, lstat, readdir); the only `node:` import.
 */
import { lstatSync, readdirSync, realpathSync } from "node:fs";

export type EntryKind = "file" | "directory" | "symlink" | "other";

interface EntryStat {
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
	/**
	 * The entries of a directory with what each is (as `lstat` would say), or `null` when it cannot be listed; optional:
	 * one listing instead of a `lstat` per entry, for walks over whole trees. Must not throw.
	 */
	readdirKinds?(path: string): readonly DirectoryEntry[] | null;
}

/** One entry of a directory listing with its kind. */
export interface DirectoryEntry {
	readonly name: string;
	readonly kind: EntryKind;
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
		readdirKinds(path) {
			try {
				// Node reads each kind from the listing, and `lstat`s only an entry the file system leaves unknown.
				return readdirSync(path, { withFileTypes: true }).map((entry) => ({
					name: entry.name,
					kind: entry.isSymbolicLink()
						? "symlink"
						: entry.isDirectory()
							? "directory"
							: entry.isFile()
								? "file"
								: "other",
				}));
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

/**
 * Methods, not closures, and maps made at the first question: a view is made for every command, and most commands ask
 * the probe little or nothing (closures and maps per view cost more than the questions on a short command).
 */
/** The questions a view keeps one answer each for. */
type Question = "realpath" | "lstat" | "readdir";

/** A kept `null` answer: `Map.get` cannot tell a stored `null` from a missing key without a second lookup. */
const NO_ANSWER: unique symbol = Symbol("no answer");

class MemoizedProbe implements FileSystemProbe {
	private count = 0;
	private realpaths: Map<string, string | typeof NO_ANSWER> | null = null;
	private stats: Map<string, EntryStat | typeof NO_ANSWER> | null = null;
	private listings: Map<string, readonly string[] | typeof NO_ANSWER> | null = null;

	private kindListings: Map<string, readonly DirectoryEntry[] | typeof NO_ANSWER> | null = null;

	constructor(private readonly probe: FileSystemProbe) {
		// The method itself, not a closure: a view is made per command.
		if (probe.readdirKinds !== undefined) this.readdirKinds = this.listingWithKinds;
	}

	realpath(path: string): string | null {
		this.realpaths ??= new Map();
		return this.answer(this.realpaths, "realpath", path);
	}

	lstat(path: string): EntryStat | null {
		this.stats ??= new Map();
		return this.answer(this.stats, "lstat", path);
	}

	readdir(path: string): readonly string[] | null {
		this.listings ??= new Map();
		return this.answer(this.listings, "readdir", path);
	}

	/** Set to `listingWithKinds` when the probe lists with kinds: a view answers what its probe can. */
	readonly readdirKinds?: (path: string) => readonly DirectoryEntry[] | null;

	/** The probe's listing with kinds, asked once per directory. */
	private listingWithKinds(path: string): readonly DirectoryEntry[] | null {
		this.kindListings ??= new Map();
		const cached = this.kindListings.get(path);
		if (cached !== undefined) return cached === NO_ANSWER ? null : cached;
		this.count++;
		const answer = this.probe.readdirKinds?.(path) ?? null;
		this.kindListings.set(path, answer ?? NO_ANSWER);
		return answer;
	}

	/**
	 * The answer kept for `path`, or the probe's. A `null` answer is kept as `NO_ANSWER`, so a repeated question is one
	 * map lookup (most questions on a command's paths are about entries that do not exist).
	 */
	private answer<K extends Question>(
		answers: Map<string, ReturnType<FileSystemProbe[K]> | typeof NO_ANSWER>,
		question: K,
		path: string,
	): ReturnType<FileSystemProbe[K]> {
		const cached = answers.get(path);
		if (cached !== undefined) return (cached === NO_ANSWER ? null : cached) as ReturnType<FileSystemProbe[K]>;
		this.count++;
		const answer = this.probe[question](path) as ReturnType<FileSystemProbe[K]>;
		answers.set(path, answer ?? NO_ANSWER);
		return answer;
	}

	calls(): number {
		return this.count;
	}
}
