/**
 * Owns: the `tool_call` boundary: Pi's event becomes an engine `ToolCall`, the session's runner decides it, and a
 * block carries the agent-facing reason. Any throw anywhere blocks the call as a gate error.
 * Never: allows a call it could not decide, or puts the tool input into the block reason.
 */
import type {
	ExtensionAPI,
	ExtensionContext,
	ToolCallEvent,
	ToolCallEventResult,
} from "@earendil-works/pi-coding-agent";
import type { ToolCall } from "@pi-permissions/engine";
import { renderAgentDenial } from "@pi-permissions/presentation";
import type { ExtensionState } from "../extension-state";

export function onToolCall(pi: ExtensionAPI, state: ExtensionState) {
	return async (event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined> => {
		const call: ToolCall = {
			toolName: event.toolName,
			input: event.input,
			agentName: null,
			toolCallId: event.toolCallId,
		};
		try {
			const session = await state.sessionFor(ctx);
			await state.warm(session);
			const verdict = await session.run(
				call,
				pi.getAllTools().map((tool) => tool.name),
			);
			return verdict.kind === "allow" ? undefined : { block: true, reason: verdict.reason };
		} catch (error) {
			// SECURITY: fail closed: a call the permission system could not decide never runs.
			state.reportGateError(call, error);
			return { block: true, reason: renderAgentDenial({ kind: "gate-error", toolName: event.toolName }) };
		}
	};
}
