/**
 * Owns: the `tool_call` boundary: Pi's event becomes an engine `ToolCall` carrying the active agent, the session's
 * runner decides it under that agent's policy, and a block carries the agent-facing reason. Any throw anywhere blocks
 * the call as a gate error.
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
	const offeredTools = () => pi.getAllTools().map((tool) => tool.name);
	return async (event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined> => {
		try {
			// The hot path: an opened session is used as is, without awaiting its (settled) opening promise.
			const session = state.openedSession ?? (await state.sessionFor(ctx));
			// Read after the session is open: a session opened just now has read the agent from the session entries.
			const call = toolCallOf(event, state.activeAgent);
			// The warm, same-agent path awaits nothing but the decision (each skipped await is a turn of the microtask queue).
			if (!session.isWarm) await state.warm(session);
			// SECURITY: a call is never decided under another agent's policy; a policy that cannot load blocks the call.
			if (session.agentName !== call.agentName) await session.useAgent(call.agentName);
			const verdict = await session.run(call, offeredTools);
			return verdict.kind === "allow" ? undefined : { block: true, reason: verdict.reason };
		} catch (error) {
			// SECURITY: fail closed: a call the permission system could not decide never runs.
			state.reportGateError(toolCallOf(event, state.activeAgent), error);
			return { block: true, reason: renderAgentDenial({ kind: "gate-error", toolName: event.toolName }) };
		}
	};
}

function toolCallOf(event: ToolCallEvent, agentName: string | null): ToolCall {
	return { toolName: event.toolName, input: event.input, agentName, toolCallId: event.toolCallId };
}
