/**
 * Owns: one session's logs as configured when it opened: the review log (`permissionReviewLog`), the debug log
 * (`debugLog`), the decision counters, and the shutdown summary (a `session_summary` record, plus a `counter_mismatch`
 * warning when a call handed to the runner has no counted outcome).
 * Never: throws into the session, or decides anything; every write is best effort.
 */
import type { AuthorityEventName, AuthorityLog } from "@pi-permissions/authority";
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";
import type { TelemetryConfig } from "@pi-permissions/policy";
import { DEBUG_LOG_MAX_BYTES, type DebugLog, debugLog, debugLogFile, nullDebugLog } from "./debug-log";
import { countersBalance, DecisionCounters, type DecisionSummary } from "./decision-counters";
import type { AtExit } from "./exit-hook";
import { JsonlLogWriter } from "./jsonl-log-writer";
import { REVIEW_LOG_MAX_BYTES, reviewLogFile, reviewLogSink } from "./review-log-sink";
import { type TelemetryPipelineLoader, TelemetrySink } from "./telemetry-sink";

/**
 * Authority events the operator reviews: what an authorizer link concluded (or why it could not, or that it was
 * skipped because nothing registered it), the answer this session gave a subagent's forwarded ask (joined to the
 * child's own decision record by its request id), a forwarded ask waiting for the parent and how that wait ended,
 * every forged answer a subagent refused and a subagent that cannot verify its parent at all (ADR 0046), and when
 * this session started and stopped serving its subagents' asks.
 */
const REVIEWED_AUTHORITY_EVENTS: ReadonlySet<AuthorityEventName> = new Set<AuthorityEventName>([
	"authorizer_chain_unregistered_link",
	"authorizer_link_failed",
	"authorizer_link_reviewed",
	"forwarded_permission.request_created",
	"forwarded_permission.response_timed_out",
	"forwarded_permission.no_serving_session",
	"forwarded_permission.responded",
	"forwarded_permission.forgery",
	"forwarded_permission.parent_key_missing",
	"forwarded_permission.serving_started",
	"forwarded_permission.serving_stopped",
]);

export interface SessionLogSettings {
	readonly permissionReviewLog: boolean;
	readonly debugLog: boolean;
	readonly reviewLogFieldMaxWidth: number;
}

interface SessionLogsOptions {
	readonly agentDir: string;
	readonly sessionId: string | null;
	readonly settings: SessionLogSettings;
	/** The wall clock for timestamps. Must not throw. */
	readonly now: () => number;
	/**
	 * Registers the logs to be closed at process exit (queued records written, the summary recorded) when the session
	 * is not closed before; unregistered at `close`. Without it, records queued in an exit's own turn are lost.
	 */
	readonly atExit?: AtExit;
	/**
	 * Told once per session, at the first write either log fails (the status line and `/permissions` then warn).
	 * Must not throw.
	 */
	readonly onWriteFailure?: (message: string) => void;
	/**
	 * Where decisions are exported (ADR 0060: the managed or global scope's `telemetry`, read once at open) and the
	 * loader of the OpenTelemetry pipeline; absent or `null`: nothing is exported.
	 */
	readonly telemetry?: { readonly config: TelemetryConfig; readonly load: TelemetryPipelineLoader } | null;
	/** One generation's bound per log; defaults to 5 MiB each. */
	readonly maxBytes?: { readonly review?: number; readonly debug?: number };
}

/**
 * A session's logs as the handlers, the sandbox and `/permissions` reach them: the first failed write, a gate error
 * the runner never saw, what the OS sandbox did. The rest (sinks, counters, the summary at close) is the session's.
 */
export type SessionLogRecords = Pick<SessionLogs, "writeFailure" | "gateErrorOutsideRunner" | "sandbox" | "telemetry">;

export class SessionLogs {
	readonly counters = new DecisionCounters();
	readonly debug: DebugLog;
	/** The decisions' export to the team's collector (ADR 0060); `null` when none is configured. */
	readonly telemetry: TelemetrySink | null;
	private readonly review: JsonlLogWriter | null;
	/** Removes the exit hook (`close` does, so a closed session is not closed again at exit). */
	private readonly unregisterExit: () => void;
	// The two pieces of state a session's logs keep: whether they are closed (the summary is written once), and the
	// first write that failed (a write may fail at any time; the first is what the status line and `/permissions` name).
	private closed = false;
	private firstFailure: string | null = null;

	/** Constructs the writers and registers the exit hook; touches no file until the first record. Never throws. */
	private constructor(private readonly options: SessionLogsOptions) {
		const { agentDir, settings } = options;
		const fieldMaxWidth = settings.reviewLogFieldMaxWidth;
		const onFailure = (message: string): void => this.failed(message);
		this.review = settings.permissionReviewLog
			? new JsonlLogWriter({
					file: reviewLogFile(agentDir),
					maxBytes: options.maxBytes?.review ?? REVIEW_LOG_MAX_BYTES,
					fieldMaxWidth,
					onFailure,
				})
			: null;
		this.debug = settings.debugLog
			? debugLog(
					new JsonlLogWriter({
						file: debugLogFile(agentDir),
						maxBytes: options.maxBytes?.debug ?? DEBUG_LOG_MAX_BYTES,
						fieldMaxWidth,
						onFailure,
					}),
					options.now,
				)
			: nullDebugLog;
		const telemetry = options.telemetry ?? null;
		this.telemetry =
			telemetry === null
				? null
				: new TelemetrySink({ config: telemetry.config, load: telemetry.load, now: options.now, fieldMaxWidth });
		this.unregisterExit = registerAtExit(options.atExit, () => this.close());
	}

	/** The first failed log write of this session (`<file>: <reason>`), or `null` while every write succeeded. */
	get writeFailure(): string | null {
		return this.firstFailure;
	}

	/** Opens the logs and records that the session opened; touches no file until the first record. Never throws. */
	static open(options: SessionLogsOptions): SessionLogs {
		const logs = new SessionLogs(options);
		const { debug, review } = logs;
		debug.lifecycle("session_opened", {
			sessionId: options.sessionId,
			reviewLog: review !== null,
			reviewLogFile: review?.file ?? null,
		});
		return logs;
	}

	/** The sinks every decision reaches after the bus: the counters first, then the review and debug logs. */
	get sinks(): readonly DecisionSink[] {
		const sinks: DecisionSink[] = [this.counters];
		if (this.review !== null) sinks.push(reviewLogSink(this.review, this.options.now));
		sinks.push(this.debug);
		if (this.telemetry !== null) sinks.push(this.telemetry);
		return sinks;
	}

	/**
	 * The authority's event log: every event reaches the debug log (silent when it is off); a link's own record (a
	 * review or a failure, with its reason and latency) also reaches the review log, beside the decision it shaped.
	 */
	get authority(): AuthorityLog {
		return {
			event: (name, fields) => {
				this.debug.event(name, fields);
				if (REVIEWED_AUTHORITY_EVENTS.has(name)) this.writeReview({ event: name, ...fields });
			},
		};
	}

	/**
	 * Records, in the review log and the debug log, a subagent that bound without pi-permissions being ready in it:
	 * its tool calls run ungated (ADR 0036). Never throws.
	 */
	ungatedChild(fields: { readonly childSessionId: string; readonly agentName: string | null }): void {
		this.debug.lifecycle("subagent_ungated", { sessionId: this.options.sessionId, ...fields });
		this.writeReview({ event: "subagent_ungated", ...fields });
	}

	/**
	 * Records what the OS sandbox did (`sandbox_blocked`: an access it stopped; `sandbox_unavailable`: it could not
	 * start; `sandbox_removed`: a protected name the sandboxed command made, removed after the call) in the review log
	 * beside the decisions. Never throws.
	 */
	sandbox(
		event: "sandbox_blocked" | "sandbox_unavailable" | "sandbox_removed",
		fields: Readonly<Record<string, unknown>>,
	): void {
		this.writeReview({ event, sessionId: this.options.sessionId, ...fields });
	}

	/**
	 * Records a gate error the runner did not see (the call failed before it reached a runner), so the review log
	 * shows every blocked call: `beforeSession` when no session existed yet (the extension kept it and hands it in
	 * when this session opens). Never throws.
	 */
	gateErrorOutsideRunner(fact: DecisionFact, at: number, beforeSession: boolean): void {
		const record = {
			event: "permission_gate_error",
			beforeSession,
			toolCallId: fact.toolCallId,
			toolName: fact.toolName,
			agentName: fact.agentName,
			result: fact.result,
			resolution: fact.resolution,
			decidedBy: fact.decidedBy,
			reason: fact.reason,
			occurredAt: safeIso(at),
		};
		this.writeReview(record);
		this.debug.lifecycle("permission_gate_error", record);
	}

	/**
	 * Records a mode change (ADR 0054) in the review log and the debug log: the mode asked for, the mode in force, and
	 * why they differ when composition refused the request. Never throws.
	 */
	modeChanged(fields: {
		readonly requested: string;
		readonly mode: string;
		readonly previous: string;
		readonly by: "command" | "key" | "yolo-toggle";
		readonly refusal: string | null;
	}): void {
		const record = { event: "permission_mode_changed", sessionId: this.options.sessionId, ...fields };
		this.writeReview(record);
		this.debug.lifecycle("permission_mode_changed", record);
	}

	/**
	 * Records that a persisted grant has ended (ADR 0061): expired, not revoked; it decides nothing from its end on and
	 * its line stays in the file. Never throws.
	 */
	grantEnded(grant: {
		readonly id: string;
		readonly scope: string;
		readonly file: string;
		readonly line: number;
		readonly surface: string;
		readonly pattern: string;
		readonly expires: string | null;
	}): void {
		const { id, scope, file, line, surface, pattern, expires } = grant;
		const record = {
			event: "permission_grant_expired",
			sessionId: this.options.sessionId,
			grantId: id,
			scope,
			file,
			line,
			surface,
			pattern,
			expires,
		};
		this.writeReview(record);
		this.debug.lifecycle("permission_grant_expired", record);
	}

	/** Records that the config was loaded again (and whether the load succeeded). Never throws. */
	reloaded(fields: Readonly<Record<string, unknown>>): void {
		this.debug.lifecycle("config_reloaded", { sessionId: this.options.sessionId, ...fields });
	}

	/**
	 * Writes every queued decision record, then the summary (once) to the review log and the debug log; a flush still
	 * scheduled finds nothing left. Never throws.
	 */
	close(): DecisionSummary {
		this.flush();
		const summary = this.counters.summary();
		if (this.closed) return summary;
		this.closed = true;
		this.unregisterExit();
		const balanced = countersBalance(summary);
		const record = { event: "session_summary", sessionId: this.options.sessionId, ...summary };
		this.writeReview(record);
		if (!balanced) this.writeReview(mismatch(this.options.sessionId, summary));
		this.debug.lifecycle("session_closed", { sessionId: this.options.sessionId, summary, balanced });
		return summary;
	}

	/** Writes every queued record of both logs now. Never throws. */
	flush(): void {
		this.review?.flush();
		this.debug.flush();
	}

	/** Keeps the first failed write and tells the session, once. Never throws. */
	private failed(message: string): void {
		if (this.firstFailure !== null) return;
		this.firstFailure = message;
		try {
			this.options.onWriteFailure?.(message);
		} catch {
			// The failure is still reported by `writeFailure`.
		}
	}

	private writeReview(record: Readonly<Record<string, unknown>>): void {
		if (this.review === null) return;
		try {
			this.review.write({ time: new Date(this.options.now()).toISOString(), ...record });
		} catch {
			// A summary that cannot be written is dropped; shutdown goes on.
		}
	}
}

/** Registers `close` to run at process exit and returns what removes it (a no-op without a hook). Never throws. */
function registerAtExit(atExit: AtExit | undefined, close: () => void): () => void {
	try {
		if (atExit !== undefined) return atExit(close);
	} catch {
		// Without the hook the logs still write on the next turn and at close.
	}
	return () => undefined;
}

function mismatch(sessionId: string | null, summary: DecisionSummary): Record<string, unknown> {
	const decided = summary.allowed + summary.blocked + summary.errors;
	return {
		event: "counter_mismatch",
		level: "warning",
		sessionId,
		toolCalls: summary.toolCalls,
		decided,
		message: `${summary.toolCalls} tool calls but ${decided} counted outcomes: a decision went missing`,
	};
}

function safeIso(at: number): string | null {
	try {
		return new Date(at).toISOString();
	} catch {
		return null;
	}
}
