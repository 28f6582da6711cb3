/**
 * Owns: the serving session's own decision fact for a forwarded ask it put to its live authority (its human, its
 * authorizer links), paired with the `permissions:ui_prompt` it announced by the request id both carry.
 * Never: decides or changes the answer the requester receives; it only describes it for the serving session's bus.
 */
import type { ForwardedRequest, TerminalDecision } from "@pi-permissions/authority";
import type { DecisionFact, DecisionResolution } from "@pi-permissions/engine";
import { buildForwardedAskPayload } from "@pi-permissions/presentation";
import { deciderName } from "./authority-ask-escalator";

/**
 * Seed 000, "Cross-extension API" (pairing): every prompt shown gets one terminal decision on the same bus, a serving
 * parent's decision for a forwarded ask included. `gate` is `null`: the child's gate is not on the wire.
 */
export function forwardedDecisionFact(request: ForwardedRequest, decision: TerminalDecision): DecisionFact {
	const facts = request.payload.request;
	const payload = buildForwardedAskPayload({
		child: request.payload,
		forwarding: { requesterAgentName: request.requesterAgentName, requesterSessionId: request.requesterSessionId },
	});
	return {
		requestId: request.id,
		toolCallId: null,
		toolName: facts.toolName ?? facts.surface,
		agentName: request.requesterAgentName,
		gate: null,
		surface: facts.surface,
		value: facts.value,
		result: decision.verdict,
		resolution: resolutionOf(decision),
		matchedPattern: facts.matchedPattern,
		origin: facts.ruleOrigin,
		decidedBy: deciderName(decision.decidedBy),
		reason: decision.verdict === "deny" ? decision.reason : null,
		payload,
		sessionPatterns: [],
	};
}

function resolutionOf(decision: TerminalDecision): DecisionResolution {
	if (decision.verdict === "allow") return decision.scope === "once" ? "user_approved" : "user_approved_for_session";
	if (decision.decidedBy.kind === "gate_error") return "gate_error";
	return decision.unavailable ? "confirmation_unavailable" : "user_denied";
}
