/**
 * Owns: the real `HistoryReader`: lists the `.jsonl` files under a directory (recursively, sorted) and reads a file
 * line by line through a stream, so a long session never sits in memory whole, or from its end in chunks.
 * Never: writes, follows a directory symlink out of the tree, or is built outside a composition root or a test.
 */
import { createReadStream } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
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
		linesFromEnd,
	};
}

/** How much of a file is read at a time from its end. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * The lines of `file`, last first. Lines are split on bytes and decoded whole, so a character cut by a chunk
 * boundary is never mangled; a trailing `\r` is dropped as `lines` drops it.
 */
async function* linesFromEnd(file: string): AsyncGenerator<string> {
	const handle = await open(file, "r");
	try {
		let position = (await handle.stat()).size;
		let carry = Buffer.alloc(0);
		let first = true;
		let sawNewline = false;
		while (position > 0) {
			const length = Math.min(CHUNK_BYTES, position);
			position -= length;
			const chunk = Buffer.alloc(length);
			await handle.read(chunk, 0, length, position);
			let bytes = Buffer.concat([chunk, carry]);
			let end = bytes.length;
			for (let at = bytes.lastIndexOf(NEWLINE, end - 1); at !== -1; at = bytes.lastIndexOf(NEWLINE, end - 1)) {
				// A file ending in a newline has no empty last line, as `lines` reads it.
				if (!(first && at === bytes.length - 1)) yield lineText(bytes.subarray(at + 1, end));
				first = false;
				sawNewline = true;
				end = at;
				if (end === 0) break;
			}
			bytes = bytes.subarray(0, end);
			carry = Buffer.from(bytes);
		}
		// The text before the first newline is a line even when empty (`\nb` is "", "b"); an empty file has none.
		if (carry.length > 0 || sawNewline) yield lineText(carry);
	} finally {
		await handle.close();
	}
}

function lineText(bytes: Buffer): string {
	const text = bytes.toString("utf8");
	return text.endsWith("\r") ? text.slice(0, -1) : text;
}
