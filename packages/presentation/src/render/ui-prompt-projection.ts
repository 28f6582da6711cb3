/**
 * Owns: the `permissions:ui_prompt` event payload: the request facts of an ask about to reach a human.
 * Never: carries evidence, annotations, a requester's working directory or principal; the bus is the narrowest render.
 */
import { forwardingHops, originPayload, type PromptPayload, type PromptRequestFacts } from "../prompt-payload";

export type UiPromptSource = "tool_call" | "skill_input" | "skill_read";

export interface UiPromptEvent {
	readonly requestId: string;
	readonly source: UiPromptSource;
	readonly surface: string;
	readonly value: string;
	readonly agentName: string | null;
	readonly request: PromptRequestFacts;
	/** The nearest forwarding hop, or `null` for a local ask. */
	readonly forwarding: {
		readonly requesterAgentName: string | null;
		readonly requesterSessionId: string | null;
	} | null;
}

export function projectUiPrompt(payload: PromptPayload, requestId: string): UiPromptEvent {
	const { request } = payload;
	const hop = forwardingHops(payload)[0];
	return {
		requestId,
		source: uiPromptSource(payload),
		surface: request.surface,
		value: request.value,
		agentName: request.requester.agentName,
		// A fresh copy, so a listener cannot mutate the payload the dialog renders.
		request: { ...request, requester: { ...request.requester } },
		forwarding:
			hop === undefined
				? null
				: { requesterAgentName: hop.requesterAgentName, requesterSessionId: hop.requesterSessionId },
	};
}

function uiPromptSource(payload: PromptPayload): UiPromptSource {
	const kind = originPayload(payload).kind;
	switch (kind) {
		case "skill":
			return "skill_input";
		case "skill_read":
			return "skill_read";
		case "bash":
		case "mcp":
		case "tool":
		case "path":
		case "external_directory":
		case "bash_external_directory":
		case "network":
			return "tool_call";
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled payload kind ${String(unhandled)}`);
		}
	}
}
