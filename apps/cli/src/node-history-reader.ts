/**
 * Owns: the real `HistoryReader`: lists the `.jsonl` files under a directory (recursively, sorted) and reads a file
 * line by line through a stream, so a long session never sits in memory whole.
 * Never: writes, follows a directory symlink out of the tree, or is built outside a composition root or a test.
 */
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { HistoryReader } from "./cli-host";

export function createNodeHistoryReader(): HistoryReader {
	return {
		async kind(path) {
			try {
				const found = await stat(path);
				return found.isDirectory() ? "directory" : found.isFile() ? "file" : "other";
			} catch {
				return "missing";
			}
		},
		async jsonlFiles(directory) {
			const found: string[] = [];
			const pending = [directory];
			while (pending.length > 0) {
				const dir = pending.pop() as string;
				let entries: import("node:fs").Dirent[];
				try {
					entries = await readdir(dir, { withFileTypes: true });
				} catch {
					continue;
				}
				for (const entry of entries) {
					const path = join(dir, entry.name);
					if (entry.isDirectory()) pending.push(path);
					else if (entry.isFile() && entry.name.endsWith(".jsonl")) found.push(path);
				}
			}
			return found.sort();
		},
		lines(file) {
			const input = createReadStream(file, { encoding: "utf8" });
			return createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
		},
	};
}
