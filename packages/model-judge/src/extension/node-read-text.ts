/**
 * Owns: the real `ReadText` for config files (Node's fs): absent is `ok(null)`, a read failure or an oversized file
 * is `err(reason)`.
 * Never: throws, or follows anything but the one path it is given.
 */
import { readFileSync, statSync } from "node:fs";
import { err, ok, type Result } from "@pi-permissions/policy";

/** A config file larger than this is refused rather than parsed. */
const MAX_CONFIG_BYTES = 1024 * 1024;

export function nodeReadText(path: string): Result<string | null, string> {
	try {
		const size = statSync(path).size;
		if (size > MAX_CONFIG_BYTES) return err(`it is ${size} bytes; the limit is ${MAX_CONFIG_BYTES}`);
		return ok(readFileSync(path, "utf8"));
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		if (code === "ENOENT" || code === "ENOTDIR") return ok(null);
		return err(error instanceof Error ? error.message : String(error));
	}
}
