/**
 * Owns: the `context` handler. Pi refuses a call to a tool it does not offer before `tool_call` fires, with a bare
 * `Tool x not found`; in what the model receives, this replaces that result with the permission system's refusal
 * (the unknown-tool gate's wording: the tool named, the offered tools listed), decided and recorded once per call.
 * Never: changes any other message, or lets a failure escape into Pi (the message then stays as Pi wrote it).
 */
import type { ContextEvent, ContextEventResult, ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";

type ContextMessage = ContextEvent["messages"][number];

/** A tool result message as Pi builds it (only the fields read here). */
interface ToolResultShape {
	readonly role: "toolResult";
	readonly toolCallId: string;
	readonly toolName: string;
	readonly isError: boolean;
	readonly content: readonly { readonly type: string; readonly text?: string }[];
}

export function onContext(pi: ExtensionAPI, state: ExtensionState) {
	// The refusal per tool-call id, per session: each unknown call is decided (and logged) once, then replayed.
	const refusals = new WeakMap<PermissionSession, Map<string, string>>();
	return async (event: ContextEvent, ctx: ExtensionContext): Promise<ContextEventResult | undefined> => {
		try {
			const offered = pi.getActiveTools();
			const refused = event.messages.filter((message) => piRefusedUnknownTool(message, offered));
			if (refused.length === 0) return undefined;
			const session = await state.sessionFor(ctx);
			await session.gate.warm();
			const known = refusals.get(session) ?? new Map<string, string>();
			refusals.set(session, known);
			for (const message of refused as unknown as ToolResultShape[]) {
				if (known.has(message.toolCallId)) continue;
				const call = { toolName: message.toolName, input: {}, toolCallId: message.toolCallId };
				const verdict = await session.gate.run(call, () => offered);
				if (verdict.kind === "block") known.set(message.toolCallId, verdict.reason);
			}
			return { messages: event.messages.map((message) => withRefusal(message, known)) };
		} catch {
			// Pi's own refusal still reaches the model; the call never ran either way.
			return undefined;
		}
	};
}

/** Pi's lookup failure for a tool it does not offer: an error result whose only text is `Tool <name> not found`. */
function piRefusedUnknownTool(message: ContextMessage, offered: readonly string[]): boolean {
	return isToolResult(message) && message.isError && !offered.includes(message.toolName) && isPiRefusalText(message);
}

function withRefusal(message: ContextMessage, refusals: ReadonlyMap<string, string>): ContextMessage {
	if (!isToolResult(message)) return message;
	const reason = refusals.get(message.toolCallId);
	if (reason === undefined || !isPiRefusalText(message)) return message;
	return { ...message, content: [{ type: "text", text: reason }] } as ContextMessage;
}

/** Pi's bare text for a tool it does not offer, and nothing else. */
function isPiRefusalText(message: ToolResultShape): boolean {
	return textOf(message) === `Tool ${message.toolName} not found`;
}

function isToolResult(message: ContextMessage): message is ContextMessage & ToolResultShape {
	return (message as { role?: unknown }).role === "toolResult";
}

function textOf(message: ToolResultShape): string {
	return message.content.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}
