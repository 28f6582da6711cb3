/**
 * Owns: the `tool_call` boundary: Pi's event becomes a session call, the session decides it under its active agent's
 * policy (it stamps the agent on the call; see `SessionPolicies`), and a block carries the agent-facing reason. Any
 * throw anywhere blocks the call as a gate error.
 * Never: allows a call it could not decide, or puts the tool input into the block reason.
 */
import type {
	ExtensionAPI,
	ExtensionContext,
	ToolCallEvent,
	ToolCallEventResult,
} from "@earendil-works/pi-coding-agent";
import { renderAgentDenial } from "@pi-permissions/presentation";
import type { ExtensionState } from "../extension-state";

export function onToolCall(pi: ExtensionAPI, state: ExtensionState) {
	const offeredTools = () => pi.getAllTools().map((tool) => tool.name);
	return async (event: ToolCallEvent, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined> => {
		try {
			// The hot path: an opened session is used as is, without awaiting its (settled) opening promise.
			const session = state.openedSession ?? (await state.sessionFor(ctx));
			// The warm, same-agent path awaits nothing but the decision (each skipped await is a turn of the microtask queue).
			if (!session.gate.isWarm) await session.gate.warm();
			// SECURITY: the session decides under its active agent's policy, and blocks while that policy cannot load.
			// Pi's event is the session call as is (its `toolName`, `input`, `toolCallId`): no copy on the hot path.
			const verdict = await session.gate.run(event, offeredTools);
			return verdict.kind === "allow" ? undefined : { block: true, reason: verdict.reason };
		} catch (error) {
			// SECURITY: fail closed: a call the permission system could not decide never runs.
			state.reportGateError(event, ctx, error);
			return { block: true, reason: renderAgentDenial({ kind: "gate-error", toolName: event.toolName }) };
		}
	};
}
