/**
 * Owns: `DecisionFact`, the record the runner emits for every resolved permission request (one per gate outcome it
 * acts on), its resolution vocabulary (wire names), and the injected sink (the id generator is presentation's `IdGenerator`).
 * Never: writes logs or events itself; the adapter's sink does.
 */
import type { RuleOrigin } from "@pi-permissions/policy";
import type { Decider, PromptPayload } from "@pi-permissions/presentation";
import type { GateName } from "../gates/gate-outcome";

/** How a request was resolved. Wire names: never respell them. */
export type DecisionResolution =
	| "policy_allow"
	| "policy_deny"
	| "session_approved"
	| "infrastructure_auto_allowed"
	| "auto_approved"
	| "user_approved"
	| "user_approved_for_session"
	| "user_denied"
	| "confirmation_unavailable"
	| "gate_error";

export interface DecisionFact {
	readonly requestId: string;
	readonly toolCallId: string | null;
	readonly toolName: string;
	readonly agentName: string | null;
	/** `null` only for a gate error raised before any gate produced an outcome. */
	readonly gate: GateName | null;
	readonly surface: string | null;
	readonly value: string | null;
	readonly result: "allow" | "deny";
	readonly resolution: DecisionResolution;
	readonly matchedPattern: string | null;
	readonly origin: RuleOrigin | null;
	/** What decided: `policy`, `session`, `infrastructure`, `yolo`, `gate_error`, or the escalator's decider. */
	readonly decidedBy: Decider;
	/** The operator's, the human's, or the failure's reason. */
	readonly reason: string | null;
	/** The ask's payload for escalated requests and denials; `null` otherwise. */
	readonly payload: PromptPayload | null;
	/** The session patterns recorded by a "for this session" answer. */
	readonly sessionPatterns: readonly string[];
}

export interface DecisionSink {
	/** Receives every fact in order. Must not throw; a throw is swallowed so the decision still stands. */
	emit(fact: DecisionFact): void;
}
