/**
 * Owns: `GrantFileSystem`, the file-system edge of the persisted-grant writer, and its `node:fs` implementation:
 * a look that does not follow a final symbolic link, atomic replacement (temporary file beside it, then rename,
 * keeping the mode) and an exclusive lock file.
 * Never: parses or edits config text; the writer decides what to write.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { chmod, lstat, mkdir, open, readFile, readlink, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { errorCode } from "../config/config-file-system";

type GrantFileState =
	| { readonly kind: "missing" }
	| { readonly kind: "file"; readonly mode: number }
	| { readonly kind: "symlink"; readonly target: string }
	| { readonly kind: "other" };

/**
 * Throw contract: every method may reject with an I/O error (EACCES, EROFS, ENOSPC, …); the writer turns a
 * rejection into an `io` error and writes nothing further. `tryLock` resolves `false` only when the lock exists.
 * `pause` never rejects.
 */
export interface GrantFileSystem {
	/** What is at `path`, without following a final symbolic link. */
	inspect(path: string): Promise<GrantFileState>;
	readText(path: string): Promise<string>;
	/** Creates the parent directory of `path` (owner-only) when it is missing. */
	ensureParent(path: string): Promise<void>;
	/** Writes `text` to a new temporary file beside `path` with `mode`, then renames it over `path`. */
	replaceAtomically(path: string, text: string, mode: number): Promise<void>;
	/** Creates `lockPath` exclusively; `false` when it already exists. */
	tryLock(lockPath: string): Promise<boolean>;
	/** Milliseconds since the lock was last modified, or `null` when it is gone. */
	lockAgeMs(lockPath: string): Promise<number | null>;
	unlock(lockPath: string): Promise<void>;
	pause(ms: number): Promise<void>;
}

/** The real file system; only a composition root or a real-fs test builds it. */
export function createNodeGrantFileSystem(): GrantFileSystem {
	return {
		inspect,
		readText: (path) => readFile(path, "utf8"),
		ensureParent: async (path) => {
			await mkdir(dirname(path), { recursive: true, mode: 0o700 });
		},
		replaceAtomically,
		tryLock,
		lockAgeMs,
		unlock: async (lockPath) => {
			try {
				await unlink(lockPath);
			} catch (error) {
				if (errorCode(error) !== "ENOENT") throw error;
			}
		},
		pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
	};
}

async function inspect(path: string): Promise<GrantFileState> {
	try {
		const found = await lstat(path);
		if (found.isSymbolicLink()) return { kind: "symlink", target: await readlink(path) };
		if (found.isFile()) return { kind: "file", mode: found.mode & 0o777 };
		return { kind: "other" };
	} catch (error) {
		if (errorCode(error) === "ENOENT") return { kind: "missing" };
		throw error;
	}
}

async function replaceAtomically(path: string, text: string, mode: number): Promise<void> {
	const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
	// SECURITY: O_EXCL, so a file or link planted at the temporary name is never written through.
	const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
	try {
		await handle.writeFile(text, "utf8");
		await handle.sync();
	} finally {
		await handle.close();
	}
	try {
		await chmod(temporary, mode); // the umask may have narrowed the mode given to open
		await rename(temporary, path);
	} catch (error) {
		await unlink(temporary).catch(() => undefined);
		throw error;
	}
}

async function tryLock(lockPath: string): Promise<boolean> {
	try {
		const handle = await open(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
		await handle.writeFile("pi-permissions grant lock\n", "utf8");
		await handle.close();
		return true;
	} catch (error) {
		if (errorCode(error) === "EEXIST") return false;
		throw error;
	}
}

async function lockAgeMs(lockPath: string): Promise<number | null> {
	try {
		const found = await lstat(lockPath);
		return Math.max(0, Date.now() - found.mtimeMs);
	} catch (error) {
		if (errorCode(error) === "ENOENT") return null;
		throw error;
	}
}
