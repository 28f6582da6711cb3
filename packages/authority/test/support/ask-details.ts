/** Builders for prompt payloads and ask details. */
import type { LocalPromptPayload, PromptPayload } from "@pi-permissions/presentation";
import type { AccessFacts, AskDetails } from "../../src/chain/authorizer";

export function localPayload(
	overrides: { surface?: string; toolName?: string | null; value?: string; sessionSuggestion?: string | null } = {},
): LocalPromptPayload {
	const suggestion = overrides.sessionSuggestion === undefined ? "git push *" : overrides.sessionSuggestion;
	const surface = overrides.surface ?? "bash";
	return {
		kind: surface === "external_directory" ? "external_directory" : surface === "path" ? "path" : "bash",
		request: {
			requester: { agentName: null, sessionId: "child-1", subagent: false },
			surface,
			toolName: overrides.toolName === undefined ? "bash" : overrides.toolName,
			invokedToolName: null,
			value: overrides.value ?? "git push",
			matchedPattern: "*",
			ruleOrigin: "builtin",
			commandContext: null,
			executedUnit: null,
		},
		evidence: [{ label: "command", text: overrides.value ?? "git push", detail: null }],
		annotations: suggestion === null ? [] : [{ kind: "session-suggestion", text: suggestion }],
		answerableBy: "any-authorizer",
	};
}

export function askDetails(
	overrides: { requestId?: string; access?: AccessFacts | null; payload?: PromptPayload; forwarded?: boolean } = {},
): AskDetails {
	return {
		requestId: overrides.requestId ?? "req-1",
		payload: overrides.payload ?? localPayload(),
		access:
			overrides.access === undefined
				? { surface: "bash", matchValues: ["git push"], boundaryValue: null }
				: overrides.access,
		agentName: null,
		forwarding: overrides.forwarded === true ? { requesterAgentName: "scout", requesterSessionId: "child-1" } : null,
	};
}
