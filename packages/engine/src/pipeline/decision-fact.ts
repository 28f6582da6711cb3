/**
 * Owns: `DecisionFact`, the record the runner emits for every resolved permission request (one per gate outcome it
 * acts on), its resolution vocabulary (wire names), the part every fact of a request shares, the one gate-error fact,
 * and the injected sink (the id generator is presentation's `IdGenerator`).
 * Never: writes logs or events itself; the adapter's sink does.
 */
import type { PermissionMode, RuleOrigin } from "@pi-permissions/policy";
import type { Decider, PromptPayload } from "@pi-permissions/presentation";
import type { GateName, GateOutcome } from "../gates/gate-outcome";
import { type BashCommandRecord, bashCommandRecord } from "./bash-command-record";
import type { ToolCall } from "./tool-call";

/** How a request was resolved. Wire names: never respell them. */
export type DecisionResolution =
	| "policy_allow"
	| "policy_deny"
	| "session_approved"
	| "infrastructure_auto_allowed"
	| "auto_approved"
	| "sandbox_answered"
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
	/** What decided: `policy`, `session`, `infrastructure`, `yolo`, `sandbox`, `gate_error`, or the escalator's decider. */
	readonly decidedBy: Decider;
	/** The operator's, the human's, or the failure's reason. */
	readonly reason: string | null;
	/** The ask's payload for escalated requests and denials; `null` otherwise. */
	readonly payload: PromptPayload | null;
	/** The session patterns recorded by a "for this session" answer. */
	readonly sessionPatterns: readonly string[];
	/** The mode the call was decided in (ADR 0054); absent or `null` when no policy was read (a gate error). */
	readonly mode?: PermissionMode | null;
	/** For a bash call the engine parsed: the whole command and every unit's command name; absent otherwise. */
	readonly bash?: BashCommandRecord;
}

/** What every fact of one request holds before it is resolved. */
export type FactBase = Omit<DecisionFact, "result" | "resolution" | "decidedBy">;

/** The call's part of a fact: who called which tool (the input never enters a fact). */
type FactCall = Pick<ToolCall, "toolName" | "toolCallId" | "agentName">;

/** What a fact keeps of the call's one bash parse (`null`: not a bash call, or not parsed). */
type FactProgram = Parameters<typeof bashCommandRecord>[0] | null;

/** The shared part of the facts of request `requestId` about `outcome` (`null`: no gate decided yet). */
export function factBase(
	call: FactCall,
	requestId: string,
	outcome: GateOutcome | null,
	program: FactProgram = null,
): FactBase {
	return {
		...(program === null ? {} : { bash: bashCommandRecord(program) }),
		requestId,
		toolCallId: call.toolCallId,
		toolName: call.toolName,
		agentName: call.agentName,
		gate: outcome?.gate ?? null,
		surface: outcome?.surface ?? null,
		value: outcome?.value ?? null,
		matchedPattern: outcome?.matchedPattern ?? null,
		origin: outcome?.origin ?? null,
		reason: null,
		payload: outcome?.state === "deny" ? outcome.payload : null,
		sessionPatterns: [],
	};
}

/**
 * The fact of a call blocked because deciding it failed (`reason`: what failed), on the outcome it failed at, if any.
 * The runner writes it for a throw or a failed escalation; the adapter for a call that failed before any runner.
 */
export function gateErrorFact(
	call: FactCall,
	requestId: string,
	outcome: GateOutcome | null,
	reason: string,
): DecisionFact {
	return {
		...factBase(call, requestId, outcome),
		result: "deny",
		resolution: "gate_error",
		decidedBy: "gate_error",
		reason,
	};
}

export interface DecisionSink {
	/** Receives every fact in order. Must not throw; a throw is swallowed so the decision still stands. */
	emit(fact: DecisionFact): void;
}
