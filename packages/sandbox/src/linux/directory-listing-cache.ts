/**
 * Owns: the directory listings the sandbox walks before each call (deny globs, the working directory's own denies),
 * kept between calls and read again only when a directory changed: a listing is reused while the directory's device,
 * inode, change time and modification time are what they were, and only once those times lie a second in the past (a
 * change within the file system's timestamp grain would otherwise leave the times equal: git's "racy" case).
 * Never: decides what is denied; it answers "what is in this directory now" exactly as a fresh `readdir` would.
 */

/** What an entry is, as `lstat` says (a link is `symlink`, never what it points at). */
export type EntryKind = "directory" | "file" | "symlink" | "other";

export interface DirectoryEntry {
	readonly name: string;
	readonly kind: EntryKind;
}

/** The facts of one path that tell whether its listing may have changed. */
export interface EntryFacts {
	readonly kind: EntryKind;
	readonly dev: number;
	readonly ino: number;
	readonly ctimeMs: number;
	readonly mtimeMs: number;
}

/** The file-system reads the walk needs; the composition root passes `node:fs`. */
export interface TreeReader {
	/** The entry itself (`lstat`), or `null` when nothing is there. Must not throw. */
	facts(path: string): EntryFacts | null;
	/** A directory's entries, `"unreadable"` when it exists but cannot be listed, `null` when it is gone. Must not throw. */
	list(path: string): readonly DirectoryEntry[] | "unreadable" | null;
	/** The symlink-free absolute form, or `null` when it cannot be resolved (missing, dangling, a loop). Must not throw. */
	canonical(path: string): string | null;
	/** Whether the path, links followed, is a directory. Must not throw. */
	isDirectory(path: string): boolean;
	/** Wall-clock milliseconds (the clock file times are written with). Must not throw. */
	now(): number;
}

interface CachedListing {
	readonly facts: EntryFacts;
	readonly entries: readonly DirectoryEntry[] | "unreadable";
	readonly trusted: boolean;
}

/** Times closer to now than this are not trusted to change on the next write (timestamp grain, clock steps). */
const RACY_WINDOW_MS = 1000;

export class DirectoryListingCache {
	private readonly listings = new Map<string, CachedListing>();
	/** Listings checked in the current pass: a directory two globs walk is checked once per call. */
	private checked = new Set<string>();
	private visited = new Set<string>();

	constructor(readonly reader: TreeReader) {}

	/** Starts a pass (one call's walk): every listing is checked again, once. */
	beginPass(): void {
		this.checked = new Set();
		this.visited = new Set();
	}

	/** Ends a pass: listings of directories the pass did not reach are dropped, so the cache follows the tree. */
	endPass(): void {
		for (const path of this.listings.keys()) if (!this.visited.has(path)) this.listings.delete(path);
	}

	/** The entries of the canonical directory `path` now; `null` when it is not a directory (any more). */
	list(path: string): readonly DirectoryEntry[] | "unreadable" | null {
		this.visited.add(path);
		const cached = this.listings.get(path);
		if (cached !== undefined && this.checked.has(path)) return cached.entries;
		const facts = this.reader.facts(path);
		if (facts === null || facts.kind !== "directory") {
			this.listings.delete(path);
			return null;
		}
		this.checked.add(path);
		if (cached?.trusted === true && sameDirectory(cached.facts, facts)) return cached.entries;
		// Read after the facts: a change between the two makes the stored facts older than the listing, never newer.
		const entries = this.reader.list(path);
		if (entries === null) {
			this.listings.delete(path);
			return null;
		}
		const settled = this.reader.now() - RACY_WINDOW_MS;
		const trusted = entries !== "unreadable" && facts.ctimeMs < settled && facts.mtimeMs < settled;
		this.listings.set(path, { facts, entries, trusted });
		return entries;
	}
}

function sameDirectory(a: EntryFacts, b: EntryFacts): boolean {
	return a.dev === b.dev && a.ino === b.ino && a.ctimeMs === b.ctimeMs && a.mtimeMs === b.mtimeMs;
}
