/**
 * Owns: one session's decision counters: tool calls handed to the runner, and per call whether it ended allowed,
 * blocked or in a gate error, plus the asks escalated and the facts per decider; and the summary of them.
 * Never: writes anything (the session logs write the summary) or changes a decision.
 */
import type { DecisionFact, DecisionResolution, DecisionSink } from "@pi-permissions/engine";

/** How one call ended; a later fact of the same call can only make it worse (allowed → blocked → error). */
type CallEnd = "allowed" | "blocked" | "error";

interface DeciderCount {
	readonly decider: string;
	readonly count: number;
}

export interface DecisionSummary {
	/** Calls handed to the runner (counted before any decision, so a decision that never arrives shows up). */
	readonly toolCalls: number;
	readonly allowed: number;
	readonly blocked: number;
	/** Requests escalated to a human or an authorizer. */
	readonly asked: number;
	/** Calls that ended in a gate error. */
	readonly errors: number;
	/** Facts per `decidedBy`, most frequent first. */
	readonly byDecider: readonly DeciderCount[];
}

/** True when every call handed to the runner ended in exactly one counted outcome. */
export function countersBalance(summary: DecisionSummary): boolean {
	return summary.toolCalls === summary.allowed + summary.blocked + summary.errors;
}

/** The facts of one call arrive together; they share the call's id (or, without one, are one request each). */
interface OpenCall {
	readonly toolCallId: string | null;
	readonly requestId: string;
	end: CallEnd;
}

export class DecisionCounters implements DecisionSink {
	private toolCalls = 0;
	private asked = 0;
	private readonly ends: Record<CallEnd, number> = { allowed: 0, blocked: 0, error: 0 };
	private readonly deciders = new Map<string, number>();
	private open: OpenCall | null = null;

	/** Counts one call handed to the runner; it closes the previous call's group of facts. Never throws. */
	callStarted(): void {
		this.fold();
		this.toolCalls += 1;
	}

	emit(fact: DecisionFact): void {
		const end = callEnd(fact.resolution);
		if (this.open !== null && sameCall(this.open, fact)) {
			if (rank(end) > rank(this.open.end)) this.open.end = end;
		} else {
			this.fold();
			this.open = { toolCallId: fact.toolCallId, requestId: fact.requestId, end };
		}
		if (wasEscalated(fact.resolution)) this.asked += 1;
		this.deciders.set(fact.decidedBy, (this.deciders.get(fact.decidedBy) ?? 0) + 1);
	}

	/** The counts so far (the call in progress included). */
	summary(): DecisionSummary {
		const ends = { ...this.ends };
		if (this.open !== null) ends[this.open.end] += 1;
		const byDecider = [...this.deciders]
			.map(([decider, count]) => ({ decider, count }))
			.sort((a, b) => b.count - a.count || a.decider.localeCompare(b.decider));
		return {
			toolCalls: this.toolCalls,
			allowed: ends.allowed,
			blocked: ends.blocked,
			asked: this.asked,
			errors: ends.error,
			byDecider,
		};
	}

	private fold(): void {
		if (this.open === null) return;
		this.ends[this.open.end] += 1;
		this.open = null;
	}
}

function sameCall(open: OpenCall, fact: DecisionFact): boolean {
	return fact.toolCallId === null
		? open.toolCallId === null && open.requestId === fact.requestId
		: open.toolCallId === fact.toolCallId;
}

function rank(end: CallEnd): number {
	switch (end) {
		case "allowed":
			return 0;
		case "blocked":
			return 1;
		case "error":
			return 2;
		default: {
			const unhandled: never = end;
			throw new Error(`unhandled call end ${String(unhandled)}`);
		}
	}
}

function callEnd(resolution: DecisionResolution): CallEnd {
	switch (resolution) {
		case "policy_allow":
		case "session_approved":
		case "infrastructure_auto_allowed":
		case "auto_approved":
		case "sandbox_answered":
		case "user_approved":
		case "user_approved_for_session":
			return "allowed";
		case "policy_deny":
		case "user_denied":
		case "confirmation_unavailable":
			return "blocked";
		case "gate_error":
			return "error";
		default: {
			const unhandled: never = resolution;
			throw new Error(`unhandled resolution ${String(unhandled)}`);
		}
	}
}

/** A human or an authorizer answered it (yolo's auto-approval is not an ask). */
function wasEscalated(resolution: DecisionResolution): boolean {
	return (
		resolution === "user_approved" ||
		resolution === "user_approved_for_session" ||
		resolution === "user_denied" ||
		resolution === "confirmation_unavailable"
	);
}
