/**
 * Owns: the review log's record of one decision (the fact's flat fields, the request facts of its ask, and for a bash
 * call the whole command with every unit's command name, bounded and redacted by the writer)
 * and where the log lives: `<agentDir>/extensions/pi-permissions/logs/review.jsonl`; the record is appended before
 * `emit` returns, so before the call it decides runs or is refused (ADR 0047).
 * Never: writes the ask's evidence or the raw tool input (they are unbounded and may hold secrets).
 */
import { join } from "node:path";
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";
import { renderReviewLogFacts } from "@pi-permissions/presentation";
import type { JsonlLogWriter } from "./jsonl-log-writer";
import { UNCUT } from "./record-text";

/** One generation of the review log; with its `.1` generation it takes at most twice this. */
export const REVIEW_LOG_MAX_BYTES = 5 * 1024 * 1024;

export function logDirectory(agentDir: string): string {
	return join(agentDir, "extensions", "pi-permissions", "logs");
}

export function reviewLogFile(agentDir: string): string {
	return join(logDirectory(agentDir), "review.jsonl");
}

export function reviewLogSink(writer: JsonlLogWriter, now: () => number): DecisionSink {
	return {
		emit(fact: DecisionFact): void {
			// SECURITY: appended now, before the call proceeds: a command that kills Pi (or a reader that sees the call's
			// result) can never find the log without the decision that let it run. Appended, not fsynced (ADR 0047).
			let record: Readonly<Record<string, unknown>>;
			try {
				record = reviewRecord(fact, now);
			} catch {
				return; // A record that cannot be built is dropped, as the writer drops one it cannot serialise.
			}
			writer.write(record);
		},
	};
}

/**
 * The review log's record of one decision, before the writer's redaction; telemetry exports the same record (ADR
 * 0060). May throw when the fact's payload cannot be rendered.
 */
export function reviewRecord(fact: DecisionFact, now: () => number): Readonly<Record<string, unknown>> {
	return {
		time: new Date(now()).toISOString(),
		event: "permission_decision",
		requestId: fact.requestId,
		toolCallId: fact.toolCallId,
		toolName: fact.toolName,
		agentName: fact.agentName,
		gate: fact.gate,
		surface: fact.surface,
		value: fact.value,
		result: fact.result,
		resolution: fact.resolution,
		matchedPattern: fact.matchedPattern,
		origin: fact.origin,
		decidedBy: fact.decidedBy,
		reason: fact.reason,
		sessionPatterns: fact.sessionPatterns,
		// ADR 0054: the mode the call was decided in (`null`: no policy was read, a gate error).
		mode: fact.mode ?? null,
		request: fact.payload === null ? null : renderReviewLogFacts(fact.payload, UNCUT),
		// Every decision of a bash call, an allow too, names each program the command runs and keeps its two ends.
		bash: fact.bash ?? null,
	};
}
