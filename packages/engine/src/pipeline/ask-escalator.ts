/**
 * Owns: the seam through which the runner hands a real ask to whoever holds authority (the adapter wires the
 * authority chain behind it; the CLI has none), and the answers it may give.
 * Never: decides anything itself; it is an interface.
 */
import type { PromptPayload } from "@pi-permissions/presentation";
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

/** Who answered: free text naming the decider (`user`, `authorizer:<name>`, `parent`, …), carried into the fact. */
export type AskDecider = string;

export type AskAnswer =
	/** `byPerson`: a person answered (here or in a parent session), not a rule or an authorizer link. */
	| { readonly kind: "allow-once"; readonly decidedBy: AskDecider; readonly byPerson?: boolean }
	/** Approve and record the ask's suggestion as session rules. */
	| { readonly kind: "allow-session"; readonly decidedBy: AskDecider; readonly byPerson?: boolean }
	/** `denier` says who refused, for the agent-facing text; absent means the human at this session. */
	| {
			readonly kind: "deny";
			readonly reason: string | null;
			readonly decidedBy: AskDecider;
			readonly denier?: AskDenier;
	  }
	/** Nobody could answer (no UI, no serving parent, timed out). */
	| { readonly kind: "unavailable"; readonly reason: string; readonly decidedBy: AskDecider };

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
	 * Resolves one ask. Should not reject; if it does, the runner blocks the call as a gate error (fail closed). Every
	 * implementation must bound its wait (no ask lives forever).
	 */
	escalate(ask: AskRequest): Promise<AskAnswer>;
}
