/**
 * Owns: the seam through which the runner hands a real ask to whoever holds authority (the adapter wires the
 * authority chain behind it; the CLI has none), and the answers it may give.
 * Never: decides anything itself; it is an interface.
 */
import type { Decider, PromptPayload } from "@pi-permissions/presentation";
import type { GateOutcome } from "../gates/gate-outcome";
import type { ToolCall } from "./tool-call";

export interface AskRequest {
	/** Minted by the runner before anything else; pairs the prompt with its decision fact. */
	readonly requestId: string;
	readonly call: ToolCall;
	/** The asking outcome (surface, value, suggestion, …). */
	readonly outcome: GateOutcome;
	readonly payload: PromptPayload;
}

export type AskAnswer =
	/** `byPerson`: a person answered (here or in a parent session), not a rule or an authorizer link. */
	| { readonly kind: "allow-once"; readonly decidedBy: Decider; readonly byPerson?: boolean }
	/** Approve and record the ask's suggestion as session rules. */
	| { readonly kind: "allow-session"; readonly decidedBy: Decider; readonly byPerson?: boolean }
	/** `denier` says who refused, for the agent-facing text; absent means the human at this session. */
	| {
			readonly kind: "deny";
			readonly reason: string | null;
			readonly decidedBy: Decider;
			readonly denier?: AskDenier;
	  }
	/** Nobody could answer (no UI, no serving parent, timed out). */
	| { readonly kind: "unavailable"; readonly reason: string; readonly decidedBy: Decider }
	/**
	 * Escalating failed inside the permission system: the runner blocks the call as a gate error, exactly as if
	 * `escalate` had rejected (ADR 0043: a value, not a throw, for an outcome the authority expects).
	 */
	| { readonly kind: "failed"; readonly reason: string };

/**
 * Who refused an ask, so the agent is told truthfully (issue: a parent's rule must not read "Denied by the user").
 * `policy`: a rule of this session answered the escalated ask; the `parent-*` kinds: the serving parent session
 * answered a forwarded ask, by its own rule (`pattern`, `scope`) or its human; `judge`: an authorizer link.
 */
export type AskDenier =
	| { readonly kind: "user" }
	| { readonly kind: "policy" }
	| { readonly kind: "parent-policy"; readonly pattern: string; readonly scope: string }
	| { readonly kind: "parent-user" }
	| { readonly kind: "judge"; readonly name: string; readonly inParent: boolean };

export interface AskEscalator {
	/**
	 * Resolves one ask. Should not reject (a failure is a `failed` answer); if it does, the runner blocks the call as a
	 * gate error all the same (fail closed). Every implementation must bound its wait (no ask lives forever).
	 */
	escalate(ask: AskRequest): Promise<AskAnswer>;
}
