/**
 * Owns: the flat, JSON-safe request facts the review log persists for an ask, every string capped.
 * Never: writes evidence or annotations (the unbounded part), and never reads a value to decide what to shorten.
 */

import { describeHop } from "../fact-vocabulary";
import { forwardingHops, originPayload, type PromptPayload, type PromptPayloadKind } from "../prompt-payload";
import { capLength } from "../text/line-fitting";

export const DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH = 512;

export interface ReviewLogFacts {
	readonly kind: PromptPayloadKind;
	readonly askKind: Exclude<PromptPayloadKind, "forwarded">;
	readonly agentName: string | null;
	readonly sessionId: string | null;
	readonly subagent: boolean;
	readonly surface: string;
	readonly toolName: string | null;
	readonly invokedToolName: string | null;
	readonly value: string;
	readonly matchedPattern: string | null;
	readonly ruleOrigin: string | null;
	readonly commandContext: string | null;
	readonly executedUnit: string | null;
	/** The forwarding chain, outermost first, or `null` for a local ask. */
	readonly forwardedFrom: string | null;
}

/** The request facts of `payload`, each string narrowed to `fieldMaxWidth` characters with a `…(+N)` mark. */
export function renderReviewLogFacts(payload: PromptPayload, fieldMaxWidth: number): ReviewLogFacts {
	const { request } = payload;
	const hops = forwardingHops(payload);
	const cap = (text: string): string => capLength(text, Math.max(1, fieldMaxWidth));
	const capOrNull = (text: string | null): string | null => (text === null ? null : cap(text));
	return {
		kind: payload.kind,
		askKind: originPayload(payload).kind,
		agentName: capOrNull(request.requester.agentName),
		sessionId: capOrNull(request.requester.sessionId),
		subagent: request.requester.subagent,
		surface: cap(request.surface),
		toolName: capOrNull(request.toolName),
		invokedToolName: capOrNull(request.invokedToolName),
		value: cap(request.value),
		matchedPattern: capOrNull(request.matchedPattern),
		ruleOrigin: request.ruleOrigin,
		commandContext: request.commandContext,
		executedUnit: capOrNull(request.executedUnit),
		forwardedFrom: hops.length === 0 ? null : cap(hops.map(describeHop).join(" <- ")),
	};
}
