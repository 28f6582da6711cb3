/**
 * Owns: the serving session's yolo over a forwarded ask its recorded policy left open: a floor the child raised (a
 * bash sentinel on its payload) is settled by the same table the session's own runner uses (ADR 0023), under the
 * requester agent's composed policy.
 * Never: approves when yolo is off, a protected target (its sentinel is not a bash floor: a person decides), or a
 * value the serving policy denies outright: a child-written payload never widens access past a deny.
 */
import type { ForwardedRequest, ForwardedYolo, TerminalDecision } from "@pi-permissions/authority";
import { reconcileFloorWithYolo } from "@pi-permissions/engine";
import type { ComposedPolicy } from "@pi-permissions/policy";
import { isBashSentinel } from "@pi-permissions/presentation";

/** The requester agent's composed policy; throws while it is not loaded (the ask then goes to a person). */
export type ServingPolicyFor = (agentName: string | null) => ComposedPolicy;

export function forwardedYolo(policyFor: ServingPolicyFor): ForwardedYolo {
	return (request: ForwardedRequest): TerminalDecision | null => {
		const agentName = request.accessIntent?.principal.agentName ?? request.requesterAgentName;
		const policy = policyFor(agentName);
		if (!policy.yolo) return null;
		const facts = request.payload.request;
		const sentinel = facts.matchedPattern;
		if (facts.surface !== "bash" || !isBashSentinel(sentinel)) return null;
		const decidedBy = { kind: "yolo", pattern: sentinel } as const;
		// SECURITY: the payload is the child's word; a unit the serving policy denies is refused whatever it claims.
		const own = policy.decision.evaluate("bash", facts.value);
		if (own.state === "deny") {
			return { verdict: "deny", reason: own.reason, unavailable: false, decidedBy };
		}
		const settled = reconcileFloorWithYolo({ basis: "floor", matchedPattern: sentinel, reason: null }, policy.rules);
		switch (settled.kind) {
			case "approve":
				return { verdict: "allow", scope: "once", decidedBy };
			case "deny":
				return { verdict: "deny", reason: settled.agentReason, unavailable: false, decidedBy };
			case "escalate":
				return null;
			default: {
				const unhandled: never = settled;
				throw new Error(`unhandled yolo verdict ${String(unhandled)}`);
			}
		}
	};
}
