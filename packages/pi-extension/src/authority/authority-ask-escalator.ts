/**
 * Owns: the bridge from the engine's `AskEscalator` seam to the session's authority: the ask becomes `AskDetails`
 * (with the access facts its deciding gate fixed for a forwarding hop, ADR 0041), the terminal's decision becomes an `AskAnswer`.
 * Never: decides; a `gate_error` decision becomes a `failed` answer, so the runner blocks the call as the gate error
 * it is (a value, not a throw: ADR 0043).
 */
import {
	type AskDetails,
	type DecisionSource,
	innermostDecisionSource,
	type TerminalDecision,
} from "@pi-permissions/authority";
import type { AskAnswer, AskDenier, AskEscalator, AskRequest, GateOutcome } from "@pi-permissions/engine";
import type { Decider } from "@pi-permissions/presentation";

/** Writes an "always" answer's grant; `written` when it reached the config file. Must not reject. */
export type PersistGrant = (
	outcome: GateOutcome,
	scope: "project" | "global",
) => Promise<{ readonly kind: "written" | "not-written" }>;

/** Whatever resolves an ask for this session (`SessionAuthority` in production). */
interface AskAuthority {
	escalate(details: AskDetails): Promise<TerminalDecision>;
}

export class AuthorityAskEscalator implements AskEscalator {
	constructor(
		private readonly authority: AskAuthority,
		private readonly persist: PersistGrant | null = null,
	) {}

	async escalate(ask: AskRequest): Promise<AskAnswer> {
		const decision = await this.authority.escalate({
			requestId: ask.requestId,
			payload: ask.payload,
			// The deciding gate fixed these from the call's one parse; nothing is parsed again here (ADR 0041).
			access: ask.outcome.access,
			agentName: ask.call.agentName,
			forwarding: null,
		});
		if (decision.verdict === "allow" && (decision.scope === "always-project" || decision.scope === "always-global")) {
			const scope = decision.scope === "always-project" ? "project" : "global";
			const persisted =
				this.persist === null ? { kind: "not-written" as const } : await this.persist(ask.outcome, scope);
			// Written: the reloaded config allows it from now on. Refused: the answer still holds for this session.
			const answer = answerOf({ ...decision, scope: persisted.kind === "written" ? "once" : "requester-session" });
			return answer;
		}
		return answerOf(decision);
	}
}

export function answerOf(decision: TerminalDecision): AskAnswer {
	const decidedBy = deciderName(decision.decidedBy);
	switch (decision.verdict) {
		case "allow": {
			const byPerson = innermostDecisionSource(decision.decidedBy).kind === "user";
			return decision.scope === "once"
				? { kind: "allow-once", decidedBy, byPerson }
				: { kind: "allow-session", decidedBy, byPerson };
		}
		case "deny":
			if (decision.decidedBy.kind === "gate_error") return { kind: "failed", reason: decision.decidedBy.reason };
			if (decision.unavailable) {
				return { kind: "unavailable", reason: decision.reason ?? "nobody could answer", decidedBy };
			}
			return { kind: "deny", reason: decision.reason, decidedBy, denier: denierOf(decision.decidedBy) };
		default: {
			const unhandled: never = decision;
			throw new Error(`unhandled decision ${String(unhandled)}`);
		}
	}
}

/**
 * Who refused, for the agent-facing text: a forwarded decision names the parent's rule (pattern and scope), the
 * parent's human or a judge, never "the user" of this session (seed 000, "Subagent permission forwarding": the
 * response file's `decidedBy` names what decided in the parent).
 */
export function denierOf(source: DecisionSource): AskDenier {
	if (source.kind !== "forwarded") return localDenier(source);
	const ruled = innermostDecisionSource(source);
	switch (ruled.kind) {
		case "rule":
			return { kind: "parent-policy", pattern: ruled.pattern, scope: ruled.origin };
		case "yolo":
			return { kind: "parent-policy", pattern: ruled.pattern, scope: "yolo" };
		case "authorizer":
			return { kind: "judge", name: ruled.name, inParent: true };
		case "user":
			return { kind: "parent-user" };
		default:
			// A parent that denied without naming a rule, a judge or a person: its human is the one who could have.
			return { kind: "parent-user" };
	}
}

function localDenier(source: Exclude<DecisionSource, { kind: "forwarded" }>): AskDenier {
	switch (source.kind) {
		case "authorizer":
			return { kind: "judge", name: source.name, inParent: false };
		case "rule":
		case "yolo":
			return { kind: "policy" };
		default:
			return { kind: "user" };
	}
}

/** The decider as the decision fact names it (`user`, `authorizer:<name>`, `parent`, …). */
export function deciderName(source: DecisionSource): Decider {
	switch (source.kind) {
		case "user":
			return "user";
		case "authorizer":
			return `authorizer:${source.name}`;
		case "forwarded":
			return "parent";
		case "rule":
			return "policy";
		case "session_approval":
			return "session";
		case "yolo":
			return "yolo";
		case "infrastructure_read":
			return "infrastructure";
		case "unavailable":
			return "unavailable";
		case "gate_error":
			return "gate_error";
		default: {
			const unhandled: never = source;
			throw new Error(`unhandled decision source ${String(unhandled)}`);
		}
	}
}
