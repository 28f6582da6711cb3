/**
 * Owns: the real `ForwardingFileSystem` over `node:fs`: owner-only modes, no-follow reads, bounded sizes.
 * Never: interprets content; it moves bytes and reports what is on disk.
 */
import { constants } from "node:fs";
import { chmod, lstat, mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import type { BoundedRead, EntryKind, ForwardingFileSystem } from "./forwarding-file-system";

function isMissing(error: unknown): boolean {
	return error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");
}

export class NodeForwardingFileSystem implements ForwardingFileSystem {
	async makePrivateDirectory(path: string): Promise<void> {
		await mkdir(path, { recursive: true, mode: 0o700 });
		await chmod(path, 0o700);
	}

	async entryKind(path: string): Promise<EntryKind> {
		try {
			const stats = await lstat(path);
			if (stats.isSymbolicLink()) return "symlink";
			if (stats.isDirectory()) return "directory";
			return stats.isFile() ? "file" : "other";
		} catch (error) {
			return isMissing(error) ? "missing" : "other";
		}
	}

	async writeNewPrivateFile(path: string, data: string): Promise<void> {
		await writeFile(path, data, { encoding: "utf8", mode: 0o600, flag: "wx" });
	}

	async rename(from: string, to: string): Promise<void> {
		await rename(from, to);
	}

	async readBounded(path: string, maxBytes: number): Promise<BoundedRead> {
		let handle: Awaited<ReturnType<typeof open>>;
		try {
			// SECURITY: O_NOFOLLOW, so a request or response planted as a symlink is never read through.
			handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
		} catch (error) {
			if (isMissing(error)) return { kind: "missing" };
			if (error instanceof Error && "code" in error && error.code === "ELOOP") return { kind: "not-a-file" };
			throw error;
		}
		try {
			const stats = await handle.stat();
			if (!stats.isFile()) return { kind: "not-a-file" };
			if (stats.size > maxBytes) return { kind: "too-large", size: stats.size };
			// Read one byte past what the stat saw (within the bound), in case the file grew after it.
			const length = Math.min(stats.size, maxBytes) + 1;
			const buffer = Buffer.alloc(length);
			const { bytesRead } = await handle.read(buffer, 0, length, 0);
			if (bytesRead > maxBytes) return { kind: "too-large", size: bytesRead };
			return { kind: "text", text: buffer.subarray(0, bytesRead).toString("utf8") };
		} finally {
			await handle.close();
		}
	}

	async list(dir: string): Promise<readonly string[]> {
		try {
			return await readdir(dir);
		} catch (error) {
			if (isMissing(error)) return [];
			throw error;
		}
	}

	async remove(path: string): Promise<void> {
		await rm(path, { force: true });
	}

	async removeTree(path: string): Promise<void> {
		await rm(path, { recursive: true, force: true });
	}
}
