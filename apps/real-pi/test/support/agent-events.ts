/**
 * Owns: reading Pi's event records (RPC stdout, `--mode json` lines) for what the suites assert on: the event list of a
 * JSONL stream and the text of the model's last reply.
 * Never: interprets pi-permissions' decisions; the tests do.
 */

/** One Pi event or RPC record. */
export interface AgentEvent {
	readonly type: string;
	readonly [key: string]: unknown;
}

interface MessageShape {
	readonly role?: string;
	readonly content?: readonly { readonly type: string; readonly text?: string }[];
}

/** The JSON records of a JSONL stream (`pi --mode json` stdout); lines that are not JSON objects are skipped. */
export function jsonLines(stdout: string): AgentEvent[] {
	return stdout
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as AgentEvent);
}

/** The text of the last assistant message that ended, or `""` when there is none. */
export function lastAssistantText(events: readonly AgentEvent[]): string {
	for (let index = events.length - 1; index >= 0; index--) {
		const event = events[index];
		if (event?.type !== "message_end") continue;
		const message = event.message as MessageShape | undefined;
		if (message?.role !== "assistant") continue;
		return (message.content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
	}
	return "";
}
