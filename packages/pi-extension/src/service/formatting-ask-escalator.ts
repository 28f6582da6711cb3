/**
 * Owns: splicing a registered tool input formatter's preview into an ask, as an advisory attributed to the formatter,
 * before the ask reaches the authority.
 * Never: changes the ask's facts or its answer; a formatter that throws or returns nothing adds nothing.
 */
import type { AskAnswer, AskEscalator, AskRequest } from "@pi-permissions/engine";
import type { PromptPayload } from "@pi-permissions/presentation";
import type { ToolInputFormatter } from "./permissions-service";

export function formattingAskEscalator(
	formatterFor: (toolName: string) => ToolInputFormatter | undefined,
	inner: AskEscalator,
): AskEscalator {
	return {
		escalate(ask: AskRequest): Promise<AskAnswer> {
			const preview = previewOf(formatterFor(ask.call.toolName), ask.call.input);
			if (preview === null) return inner.escalate(ask);
			return inner.escalate({ ...ask, payload: withAdvisory(ask.payload, ask.call.toolName, preview) });
		},
	};
}

function previewOf(formatter: ToolInputFormatter | undefined, input: unknown): string | null {
	if (formatter === undefined) return null;
	try {
		const text: unknown = formatter(input);
		return typeof text === "string" && text.trim() !== "" ? text : null;
	} catch {
		// A broken formatter costs the preview, never the ask.
		return null;
	}
}

function withAdvisory(payload: PromptPayload, toolName: string, text: string): PromptPayload {
	const advisory = { kind: "advisory", source: `${toolName} formatter`, text } as const;
	return { ...payload, annotations: [...payload.annotations, advisory] };
}
