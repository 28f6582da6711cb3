/**
 * Owns: the authority vocabulary: the ask handed to an authorizer, the narrow `PolicyLookup` a link may consult,
 * a link's `allow | deny | defer` verdict, and the terminal's `allow | deny` decision with its `decidedBy`.
 * Never: implements a decider; links, terminals and the chain live in their own modules.
 */
import type { PermissionState, RuleOrigin } from "@pi-permissions/policy";
import type { ForwardingProvenance, PromptPayload } from "@pi-permissions/presentation";
import type { AuthorityLog } from "../authority-log";
import type { DecisionSource } from "./decision-source";

/**
 * What is being accessed, fixed where the tool call happened: the gate surface, every value a rule may match
 * (lexical and canonical forms), and the containment value for boundary checks. Forwarded asks carry it unchanged.
 */
export interface AccessFacts {
	readonly surface: string;
	readonly matchValues: readonly string[];
	readonly boundaryValue: string | null;
	/**
	 * True when a floor (a wrapper, a dynamic command name, an unparseable command) raised the ask: the facts name the
	 * surface for the delegation envelope, but no rule may settle the ask, so it is never forwarded as resolvable.
	 */
	readonly floored?: boolean;
}

/** One ask escalated to live authority. */
export interface AskDetails {
	/** The id that ties every log line of this ask together, on both sides of a forwarding hop. */
	readonly requestId: string;
	/** Everything a renderer shows; for a served forwarded ask, a `forwarded` payload wrapping the child's. */
	readonly payload: PromptPayload;
	/** The child-fixed access facts; `null` when they are unknown (the envelope then treats the surface as undetermined). */
	readonly access: AccessFacts | null;
	/** The agent whose policy applies (the requester's agent for a forwarded ask). */
	readonly agentName: string | null;
	/** Present iff this ask was forwarded from a subagent; provenance as data, rendered by the terminal. */
	readonly forwarding: ForwardingProvenance | null;
	/** Aborted when nobody awaits the answer any more (the requester withdrew, or the serving bound passed). */
	readonly signal?: AbortSignal;
}

/** The answer of one policy query. */
export interface PermissionCheck {
	readonly state: PermissionState;
	/** The pattern of the rule that decided, or a sentinel; `null` when none matched. */
	readonly matchedPattern: string | null;
	readonly origin: RuleOrigin | null;
	/** The deciding rule's reason (a `deny` with a reason), when it has one. */
	readonly reason?: string | null;
}

/**
 * The narrow, recorded-authority view the engine implements for authority. Both methods must not throw; an engine
 * that cannot evaluate answers `ask`.
 */
export interface PolicyLookup {
	/** The action for one value on one surface under the given agent's policy. */
	checkPermission(surface: string, value?: string, agentName?: string): PermissionCheck;
	/** Resolves a forwarded ask from the child-fixed facts (match values used as-is, never re-derived here). */
	resolveForwarded(facts: AccessFacts, agentName: string | null): PermissionCheck;
	/**
	 * Loads the agent's policy if it is not loaded yet, so a forwarded ask from a named agent is decided under that
	 * agent's rules from its first ask. Optional; must not reject.
	 */
	preparePolicy?(agentName: string | null): Promise<void>;
}

/** A non-terminal link's verdict. */
export type AuthorizerVerdict =
	| { readonly verdict: "allow" }
	| { readonly verdict: "deny"; readonly reason: string | null }
	| { readonly verdict: "defer" };

/** A named, non-terminal link in the `authorizerChain`. */
export interface Authorizer {
	/**
	 * Decides the ask, or defers it to the next link. May reject or hang: the chain counts a rejection, and an answer
	 * later than the link's time budget, as `defer`.
	 */
	authorize(details: AskDetails, query: PolicyLookup, log: AuthorityLog): Promise<AuthorizerVerdict>;
}

/**
 * How far an approval reaches. `requester` is the asking session; `serving-session` is the parent serving it;
 * `always-project` and `always-global` also persist the grant in the project or global config file (ADR 0032).
 */
export type GrantScope = "once" | "requester-session" | "serving-session" | "always-project" | "always-global";

/** A terminal's ruling: it cannot defer. */
export type TerminalDecision =
	| { readonly verdict: "allow"; readonly scope: GrantScope; readonly decidedBy: DecisionSource }
	| {
			readonly verdict: "deny";
			readonly reason: string | null;
			/** True when nobody could be asked (no UI, no parent, a timeout); never a user's denial. */
			readonly unavailable: boolean;
			readonly decidedBy: DecisionSource;
	  };

/** The end of a chain: the local user, the parent session, or nobody. Returns only `allow | deny`. */
export interface TerminalAuthorizer {
	/** Rules on the ask. Must not reject: every failure is a `deny` with `unavailable` or a `gate_error` decider. */
	authorize(details: AskDetails): Promise<TerminalDecision>;
}

/** The wire state of a decision, as log lines and response files spell it. */
export type DecisionState =
	| "approved"
	| "approved_for_session"
	| "denied"
	| "denied_with_reason"
	| "confirmation_unavailable";

export function decisionState(decision: TerminalDecision): DecisionState {
	switch (decision.verdict) {
		case "allow":
			// A persisted grant is a session grant that also outlives the session: the wire state stays the same.
			return decision.scope === "requester-session" ||
				decision.scope === "always-project" ||
				decision.scope === "always-global"
				? "approved_for_session"
				: "approved";
		case "deny":
			if (decision.unavailable) return "confirmation_unavailable";
			return decision.reason === null ? "denied" : "denied_with_reason";
		default: {
			const unhandled: never = decision;
			throw new Error(`unhandled decision ${String(unhandled)}`);
		}
	}
}

/** A `deny` nobody could be asked about, attributed to the `unavailable` decider with the same reason. */
export function unavailableDecision(reason: string): TerminalDecision {
	return { verdict: "deny", reason, unavailable: true, decidedBy: { kind: "unavailable", reason } };
}

/** A `deny` caused by a failure inside the permission system itself. */
export function gateErrorDecision(reason: string): TerminalDecision {
	return { verdict: "deny", reason, unavailable: false, decidedBy: { kind: "gate_error", reason } };
}
