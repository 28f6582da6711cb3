/**
 * Owns: reading the run's review log (`<agentDir>/extensions/pi-permissions/logs/review.jsonl`) into one compact
 * record per decision (decision, tool, value, decidedBy), and the one-line tally of the run's decisions.
 * Never: trusts a line's shape: a line that is not a decision record is reported as unreadable, not skipped silently.
 */
import { readFile } from "node:fs/promises";

/** A decision record, or another record (the shutdown `session_summary`, a `counter_mismatch` warning). */
type ReviewLogLine =
	| {
			readonly kind: "decision";
			readonly result: string;
			readonly toolName: string;
			readonly value: string;
			readonly decidedBy: string;
	  }
	| { readonly kind: "event"; readonly event: string; readonly fields: string };

/** Fields an event line leaves out: they are long and say nothing about the run's outcome. */
const QUIET_FIELDS = new Set(["time", "event", "sessionId"]);

type ReviewLogRead =
	| { readonly kind: "lines"; readonly lines: readonly ReviewLogLine[]; readonly unreadable: number }
	| { readonly kind: "missing"; readonly reason: string };

/** Reads the log; a missing or unreadable file is a value, never a throw. */
export async function readReviewLog(file: string): Promise<ReviewLogRead> {
	let text: string;
	try {
		text = await readFile(file, "utf8");
	} catch (error) {
		return { kind: "missing", reason: error instanceof Error ? error.message : String(error) };
	}
	const lines: ReviewLogLine[] = [];
	let unreadable = 0;
	for (const raw of text.split("\n")) {
		if (raw.trim() === "") continue;
		const line = parseLine(raw);
		if (line === null) unreadable += 1;
		else lines.push(line);
	}
	return { kind: "lines", lines, unreadable };
}

function parseLine(raw: string): ReviewLogLine | null {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		return null;
	}
	if (typeof value !== "object" || value === null) return null;
	const record = value as Record<string, unknown>;
	const text = (key: string): string | null => (typeof record[key] === "string" ? (record[key] as string) : null);
	const event = text("event");
	if (event === null) return null;
	if (event !== "permission_decision") return { kind: "event", event, fields: compactFields(record) };
	const result = text("result");
	const toolName = text("toolName");
	const decidedBy = text("decidedBy");
	if (result === null || toolName === null || decidedBy === null) return null;
	return { kind: "decision", result, toolName, value: text("value") ?? "", decidedBy };
}

/** `key=value` for the record's scalar fields, in the record's order. */
function compactFields(record: Record<string, unknown>): string {
	return Object.entries(record)
		.filter(([key, value]) => !QUIET_FIELDS.has(key) && ["string", "number", "boolean"].includes(typeof value))
		.map(([key, value]) => `${key}=${String(value)}`)
		.join(" ");
}

export interface DecisionTally {
	readonly decisions: number;
	readonly allowed: number;
	readonly denied: number;
	/** Decisions a person was asked about (dialogs shown). */
	readonly asked: number;
}

export function tallyLine(tally: DecisionTally): string {
	const noun = tally.decisions === 1 ? "decision" : "decisions";
	return `${tally.decisions} ${noun}: ${tally.allowed} allowed, ${tally.denied} denied, ${tally.asked} asked`;
}
