/**
 * Owns: the opt-in debug log (`debugLog`): every authority event, every decision with its full gate detail (evidence
 * bounded, sensitive inputs masked) and the session's lifecycle, at `<agentDir>/extensions/pi-permissions/logs/
 * debug.jsonl` through the shared JSONL writer (redaction, field cap, owner-only modes, rotation); and its off variant.
 * Never: throws into a caller, or writes an evidence text whose input key is sensitive.
 */
import { join } from "node:path";
import type { AuthorityEventName, AuthorityLog, AuthorityLogFields } from "@pi-permissions/authority";
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";
import { originPayload, type PromptEvidence, renderReviewLogFacts } from "@pi-permissions/presentation";
import { isSensitiveKey, type JsonlLogWriter, REDACTED } from "./jsonl-log-writer";
import { UNCUT } from "./record-text";
import { logDirectory } from "./review-log-sink";

/** One generation of the debug log; with its `.1` generation it takes at most twice this. */
export const DEBUG_LOG_MAX_BYTES = 5 * 1024 * 1024;

/** The evidence entries one decision record keeps, at most (the rest are counted). */
export const DEBUG_LOG_MAX_EVIDENCE = 16;

type SessionLifecycleEvent =
	| "session_opened"
	| "config_reloaded"
	| "session_closed"
	| "permission_gate_error"
	| "log_write_failed"
	| "subagent_ungated"
	| "permission_mode_changed"
	| "permission_grant_expired";

type LifecycleFields = Readonly<Record<string, unknown>>;

export interface DebugLog extends AuthorityLog, DecisionSink {
	/** Records a session lifecycle step. Must not throw. */
	lifecycle(name: SessionLifecycleEvent, fields: LifecycleFields): void;
	/** Writes every queued decision record now. Must not throw. */
	flush(): void;
}

export function debugLogFile(agentDir: string): string {
	return join(logDirectory(agentDir), "debug.jsonl");
}

/** The debug log when `debugLog` is off: keeps nothing. */
export const nullDebugLog: DebugLog = {
	event: () => undefined,
	emit: () => undefined,
	lifecycle: () => undefined,
	flush: () => undefined,
};

export function debugLog(writer: JsonlLogWriter, now: () => number): DebugLog {
	const write = (record: Readonly<Record<string, unknown>>): void => {
		try {
			writer.write({ time: new Date(now()).toISOString(), ...record });
		} catch {
			// The writer never throws; the clock is guarded too, since a debug line never matters more than a call.
		}
	};
	return {
		event(name: AuthorityEventName, fields: AuthorityLogFields): void {
			write({ event: name, source: "authority", fields });
		},
		emit(fact: DecisionFact): void {
			try {
				// Timestamped now; built and written on the next turn, off the call's path (the writer keeps the order).
				const at = now();
				writer.writeLater(() => ({
					time: new Date(at).toISOString(),
					event: "permission_decision",
					...decisionDetail(fact),
				}));
			} catch {
				// As for `write`: a debug line never matters more than a call.
			}
		},
		lifecycle(name: SessionLifecycleEvent, fields: LifecycleFields): void {
			write({ event: name, ...fields });
		},
		flush(): void {
			writer.flush();
		},
	};
}

function decisionDetail(fact: DecisionFact): Record<string, unknown> {
	const { payload, ...flat } = fact;
	if (payload === null) return { ...flat, request: null, evidence: [], evidenceOmitted: 0, annotations: [] };
	const origin = originPayload(payload);
	const evidence = [...payload.evidence, ...(origin === payload ? [] : origin.evidence)];
	const kept = evidence.slice(0, DEBUG_LOG_MAX_EVIDENCE);
	return {
		...flat,
		request: renderReviewLogFacts(payload, UNCUT),
		evidence: kept.map(evidenceEntry),
		evidenceOmitted: evidence.length - kept.length,
		annotations: origin.annotations.slice(0, DEBUG_LOG_MAX_EVIDENCE).map((annotation) => annotation.kind),
	};
}

/**
 * One evidence entry. A tool input's entry is labelled `<prefix> <key>`: under a sensitive key its text is masked, and
 * a JSON text is written as structure so the writer's key-name redaction reaches nested keys.
 */
function evidenceEntry(entry: PromptEvidence): Record<string, unknown> {
	const key = entry.label.split(" ").at(-1) ?? entry.label;
	// SECURITY: `{ password: "…" }` in a tool input becomes the entry `input password`; its text is the secret itself.
	if (isSensitiveKey(key)) return { label: entry.label, text: REDACTED, detail: entry.detail };
	const structured = jsonStructure(entry.text);
	// SECURITY: a nested object is flattened to JSON text by the evidence builder; parse it back so `{"apiKey":…}` is masked.
	if (structured !== undefined) return { label: entry.label, json: structured, detail: entry.detail };
	return { label: entry.label, text: entry.text, detail: entry.detail };
}

function jsonStructure(text: string): object | undefined {
	const first = text.trimStart()[0];
	if (first !== "{" && first !== "[") return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		return typeof parsed === "object" && parsed !== null ? parsed : undefined;
	} catch {
		return undefined;
	}
}
