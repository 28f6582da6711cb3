/**
 * Owns: reading JSONL one line at a time into its JSON objects: blank lines pass, and a line that is not a JSON
 * object (a torn last line, another format) is reported as unreadable, never thrown.
 * Never: interprets a record; the log and session readers decide what a known shape is.
 */

/** One non-blank line: its JSON object, or `null` when it is not one. */
type JsonlRecord = Record<string, unknown> | null;

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each non-blank line of `lines` as its JSON object, or `null` for a line that is not a JSON object. */
export async function* jsonlRecords(lines: AsyncIterable<string>): AsyncGenerator<JsonlRecord> {
	for await (const line of lines) {
		if (line.trim() === "") continue;
		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			yield null;
			continue;
		}
		yield isObject(value) ? value : null;
	}
}
