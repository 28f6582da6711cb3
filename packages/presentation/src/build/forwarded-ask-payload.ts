/**
 * Owns: wrapping a child's payload with the forwarding provenance the serving session knows.
 * Never: synthesises or alters a child fact other than the requester, which only the serving side can vouch for.
 */
import type { ForwardedPromptPayload, ForwardingProvenance, PromptPayload } from "../prompt-payload";

export interface ForwardedAskInput {
	/** The child's payload as read back (through `readPromptPayload`). */
	readonly child: PromptPayload;
	/** Who the request file says asked; the serving session's authoritative provenance. */
	readonly forwarding: ForwardingProvenance;
}

export function buildForwardedAskPayload(input: ForwardedAskInput): ForwardedPromptPayload {
	const forwarding: ForwardingProvenance = {
		requesterAgentName: input.forwarding.requesterAgentName,
		requesterSessionId: input.forwarding.requesterSessionId,
	};
	return {
		kind: "forwarded",
		request: {
			...input.child.request,
			// SECURITY: the requester comes from the serving side's provenance, never from the child's own claim.
			requester: { agentName: forwarding.requesterAgentName, sessionId: forwarding.requesterSessionId, subagent: true },
		},
		evidence: [],
		annotations: [],
		forwarding,
		child: input.child,
	};
}
