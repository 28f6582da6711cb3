/**
 * Owns: `ConfigFileSystem`, the only file-system edge of config loading, and its `node:fs` implementation.
 * Never: parses or decides validity; it reports what is at a path and hands back raw bytes.
 */
import { constants } from "node:fs";
import { lstat, open, stat } from "node:fs/promises";

/** What is at a config path. `stat` follows symbolic links; a link whose target is missing is its own kind. */
export type ConfigFileStat =
	| { readonly kind: "missing" }
	| { readonly kind: "file"; readonly mtimeMs: number; readonly size: number }
	| { readonly kind: "directory" }
	| { readonly kind: "dangling-symlink" }
	/** A FIFO, socket or device: never read (a FIFO would block the read forever). */
	| { readonly kind: "other" };

/**
 * The file-system questions config loading asks. Throw contract:
 * - `stat` resolves `missing` only when nothing at all is at the path (ENOENT, or ENOTDIR because a parent is a
 *   file). It may reject for any other failure (EACCES on a parent, ELOOP, EIO); the loader then reports the scope
 *   invalid, never absent.
 * - `readFile` resolves the whole file. It may reject (EACCES, EISDIR, the entry is not a regular file, more than
 *   `maxBytes` bytes); the loader then reports the scope invalid. It should reject rather than read past `maxBytes`.
 * - `pause`, when present, resolves after about `ms` milliseconds and never rejects; the loader waits with it before
 *   re-reading a file caught while it was written. Without it re-reads follow at once (tests, in-memory systems).
 */
export interface ConfigFileSystem {
	stat(path: string): Promise<ConfigFileStat>;
	readFile(path: string, maxBytes: number): Promise<Uint8Array>;
	pause?(ms: number): Promise<void>;
}

/** The error a `readFile` rejects with when a file is larger than the cap; `code` follows node's `EFBIG`. */
export class FileTooLargeError extends Error {
	readonly code = "EFBIG";
	constructor(readonly size: number) {
		super(`file is larger than the cap (${size} bytes or more)`);
		this.name = "FileTooLargeError";
	}
}

/** The real file system through `node:fs/promises`; only a composition root or a real-fs test builds it. */
export function createNodeConfigFileSystem(): ConfigFileSystem {
	return { stat: statPath, readFile: readBounded, pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
}

async function statPath(path: string): Promise<ConfigFileStat> {
	try {
		const found = await stat(path);
		if (found.isFile()) return { kind: "file", mtimeMs: found.mtimeMs, size: found.size };
		if (found.isDirectory()) return { kind: "directory" };
		return { kind: "other" };
	} catch (error) {
		const code = errorCode(error);
		if (code === "ENOTDIR") return { kind: "missing" };
		if (code !== "ENOENT") throw error;
	}
	// ENOENT through `stat`: the path itself may still be a symbolic link whose target is gone.
	try {
		await lstat(path);
		return { kind: "dangling-symlink" };
	} catch (error) {
		const code = errorCode(error);
		if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
		throw error;
	}
}

async function readBounded(path: string, maxBytes: number): Promise<Uint8Array> {
	// SECURITY: O_NONBLOCK so a FIFO swapped in after `stat` cannot hang the open; fstat then refuses it.
	const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
	try {
		const info = await handle.stat();
		if (!info.isFile()) throw Object.assign(new Error("not a regular file"), { code: "EINVAL" });
		if (info.size > maxBytes) throw new FileTooLargeError(info.size);
		// Read one byte past the size fstat reported, so a file that grew meanwhile is noticed rather than cut short.
		const buffer = new Uint8Array(info.size + 1);
		let filled = 0;
		while (filled < buffer.length) {
			const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
			if (bytesRead === 0) break;
			filled += bytesRead;
		}
		if (filled > info.size) throw Object.assign(new Error("the file changed while it was read"), { code: "EAGAIN" });
		return buffer.subarray(0, filled);
	} finally {
		await handle.close();
	}
}

/** The `code` of a node system error, or `undefined`. */
export function errorCode(error: unknown): string | undefined {
	if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
	const code = (error as { readonly code: unknown }).code;
	return typeof code === "string" ? code : undefined;
}
