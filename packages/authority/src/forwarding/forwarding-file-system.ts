/**
 * Owns: the `ForwardingFileSystem` interface, the only way forwarding and liveness touch the disk.
 * Never: decides layout or content; the real `node:fs` implementation lives in `node-forwarding-file-system.ts`.
 */

/** What an `lstat` saw; a symbolic link is reported as such, never followed. */
export type EntryKind = "file" | "directory" | "symlink" | "other" | "missing";

export type BoundedRead =
	| { readonly kind: "text"; readonly text: string }
	| { readonly kind: "missing" }
	| { readonly kind: "too-large"; readonly size: number }
	/** A symlink, a directory or a device where a regular file was expected. */
	| { readonly kind: "not-a-file" };

export interface ForwardingFileSystem {
	/** Creates `path` and missing parents with mode 0700 and re-tightens `path` itself to 0700. May reject. */
	makePrivateDirectory(path: string): Promise<void>;
	/** What is at `path`, without following a final symlink. Must not reject: an error reads as `other`. */
	entryKind(path: string): Promise<EntryKind>;
	/** Creates a new file with mode 0600 holding `data`; rejects if it exists or the disk refuses. */
	writeNewPrivateFile(path: string, data: string): Promise<void>;
	/** Atomically replaces `to` with `from`. May reject. */
	rename(from: string, to: string): Promise<void>;
	/** Reads a regular file of at most `maxBytes` bytes, never following a symlink. May reject on an IO error. */
	readBounded(path: string, maxBytes: number): Promise<BoundedRead>;
	/** The entry names in `dir`; `[]` when it does not exist. May reject. */
	list(dir: string): Promise<readonly string[]>;
	/** Removes a file or symlink; a missing entry is fine. May reject. */
	remove(path: string): Promise<void>;
	/** Removes a directory and everything in it; a missing one is fine. May reject. */
	removeTree(path: string): Promise<void>;
}
