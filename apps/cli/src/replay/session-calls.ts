/**
 * Owns: reading Pi's session JSONL (the format in Pi's docs/session-format.md) into the tool calls it records: the
 * header's session id and cwd, then every `toolCall` block of every assistant `message` entry, with its entry's time.
 * Never: executes, decides or trusts a line: a line that is not a JSON object of a known shape is counted and skipped.
 */
import { isObject, jsonlRecords } from "./jsonl-records";

/** One tool call the model made in a recorded session. */
export interface RecordedCall {
	readonly file: string;
	readonly sessionId: string | null;
	/** The session's working directory (the header's `cwd`); `null` when the file has no header. */
	readonly cwd: string | null;
	/** The entry's ISO timestamp, when it has one. */
	readonly time: string | null;
	/** Pi's id for the call; the review log names decisions by it. */
	readonly toolCallId: string | null;
	readonly toolName: string;
	readonly input: unknown;
}

interface SessionRead {
	readonly calls: RecordedCall[];
	/** Lines that were not JSON objects (a torn last line, another format). */
	readonly skippedLines: number;
}

/**
 * The calls of one session file, in file order. `since` drops calls recorded before it (entries without a time are
 * kept). Lines are parsed one at a time; only the calls are kept.
 */
export async function readSessionCalls(
	file: string,
	lines: AsyncIterable<string>,
	since: number | null,
): Promise<SessionRead> {
	const calls: RecordedCall[] = [];
	let skippedLines = 0;
	let sessionId: string | null = null;
	let cwd: string | null = null;
	for await (const entry of jsonlRecords(lines)) {
		if (entry === null) {
			skippedLines += 1;
			continue;
		}
		if (entry.type === "session") {
			sessionId = typeof entry.id === "string" ? entry.id : null;
			cwd = typeof entry.cwd === "string" ? entry.cwd : null;
			continue;
		}
		if (entry.type !== "message" || !isObject(entry.message) || entry.message.role !== "assistant") continue;
		const time = typeof entry.timestamp === "string" ? entry.timestamp : null;
		if (since !== null && time !== null && Date.parse(time) < since) continue;
		const content = entry.message.content;
		if (!Array.isArray(content)) continue;
		for (const block of content) {
			if (!isObject(block) || block.type !== "toolCall" || typeof block.name !== "string") continue;
			calls.push({
				file,
				sessionId,
				cwd,
				time,
				toolCallId: typeof block.id === "string" ? block.id : null,
				toolName: block.name,
				input: block.arguments ?? {},
			});
		}
	}
	return { calls, skippedLines };
}
