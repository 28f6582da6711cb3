/**
 * Owns: reading the extension's JSONL logs back in tests: one record per line, a missing file read as no records.
 * Never: tolerates a malformed line (a log line that is not JSON fails the test that reads it).
 */
import { existsSync, readFileSync } from "node:fs";

export function parseJsonl(text: string): Record<string, unknown>[] {
	return text
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function readJsonl(file: string): Record<string, unknown>[] {
	return existsSync(file) ? parseJsonl(readFileSync(file, "utf8")) : [];
}
