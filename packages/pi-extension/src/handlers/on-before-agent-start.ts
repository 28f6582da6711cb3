/**
 * Owns: the `before_agent_start` handler: warm the bash parser, then keep active only the tools not denied outright.
 * Never: activates a tool Pi left inactive, or fails the agent start; a failure here leaves `tool_call` to block.
 */
import type { BeforeAgentStartEvent, ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import { exposedTools } from "../tool-exposure";

export function onBeforeAgentStart(pi: ExtensionAPI, state: ExtensionState) {
	return async (_event: BeforeAgentStartEvent, ctx: ExtensionContext): Promise<void> => {
		try {
			const session = await state.sessionFor(ctx);
			const active = pi.getActiveTools();
			const exposed = exposedTools(active, (toolName) => session.toolPermission(toolName));
			if (exposed.length !== active.length) pi.setActiveTools(exposed);
			await state.warm(session);
		} catch {
			// The tool_call boundary blocks every call of a session that could not open or warm.
		}
	};
}
