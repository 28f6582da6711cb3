/**
 * Owns: the answer a serving session gives one request, its tolerant reader (run on the signed text only, once the
 * signature verified), and the child's decision from it.
 * Never: approves on doubt: a response that is not well-formed reads as an error, never as a decision.
 */
import { err, ok, type Result } from "@pi-permissions/policy";
import { type DecisionState, type TerminalDecision, unavailableDecision } from "../chain/authorizer";
import { type DecisionSource, readDecisionSource } from "../chain/decision-source";

export interface ForwardedResponse {
	readonly requestId: string;
	readonly approved: boolean;
	readonly state: DecisionState;
	readonly responderSessionId: string;
	readonly denialReason: string | null;
	readonly respondedAt: number;
	/** What decided inside the responding session; `null` when the value on disk was unusable (the decision stands). */
	readonly decidedBy: DecisionSource | null;
}

const APPROVING: ReadonlySet<string> = new Set<DecisionState>(["approved", "approved_for_session"]);
const DENYING: ReadonlySet<string> = new Set<DecisionState>([
	"denied",
	"denied_with_reason",
	"confirmation_unavailable",
]);
const MAX_TEXT = 4096;

/** Rebuilds a response read off disk; `expectedRequestId` is the id the reader asked about. Never throws. */
export function readForwardedResponse(
	value: unknown,
	expectedRequestId: string,
	now: number,
): Result<ForwardedResponse, string> {
	if (typeof value !== "object" || value === null || Array.isArray(value))
		return err("the response is not a JSON object");
	const record = value as Readonly<Record<string, unknown>>;
	const { approved, state, responderSessionId } = record;
	if (typeof approved !== "boolean") return err("the response has no boolean `approved`");
	if (typeof state !== "string") return err("the response has no `state`");
	// SECURITY: `approved` and `state` must agree; a response claiming approval in a denying state is rejected whole.
	if (approved ? !APPROVING.has(state) : !DENYING.has(state))
		return err(`the response state \`${state}\` does not match \`approved\``);
	if (typeof responderSessionId !== "string" || responderSessionId === "" || responderSessionId.length > MAX_TEXT) {
		return err("the response has no `responderSessionId`");
	}
	if (record.requestId !== undefined && record.requestId !== expectedRequestId) {
		return err("the response names a different request");
	}
	const reason = record.denialReason;
	const denialReason = typeof reason === "string" && reason.length > 0 ? reason.slice(0, MAX_TEXT) : null;
	const respondedAt =
		typeof record.respondedAt === "number" && Number.isFinite(record.respondedAt) ? record.respondedAt : now;
	return ok({
		requestId: expectedRequestId,
		approved,
		state: state as DecisionState,
		responderSessionId,
		denialReason,
		respondedAt,
		decidedBy: readDecisionSource(record.decidedBy),
	});
}

/**
 * The child's decision from its parent's verified answer, attributed to `forwarded` with the parent's own decider.
 * A response naming no decider is never an approval.
 */
export function forwardedDecision(response: ForwardedResponse, id: string, targetSessionId: string): TerminalDecision {
	// SECURITY: our servers always name their decider; a response without one is not trusted to approve.
	if (response.decidedBy === null) {
		return unavailableDecision(`the signed answer to request ${id} from ${targetSessionId} names no decider`);
	}
	const decidedBy = {
		kind: "forwarded",
		responderSessionId: response.responderSessionId,
		decision: response.decidedBy,
	} as const;
	if (response.approved) {
		return {
			verdict: "allow",
			scope: response.state === "approved_for_session" ? "requester-session" : "once",
			decidedBy,
		};
	}
	return {
		verdict: "deny",
		reason: response.denialReason,
		unavailable: response.state === "confirmation_unavailable",
		decidedBy,
	};
}
