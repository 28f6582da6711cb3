/**
 * Owns: the `bash` tool that runs through the sandbox: Pi's own bash tool definition (schema, prompt text, output
 * truncation, renderers), built per call for the call's working directory, with its process execution handed to the
 * `SandboxController`. Registered under Pi's name only while some scope turns the sandbox on.
 * Never: gates anything (Pi's `tool_call`, where the gate runs, fires before `execute`) or changes the tool's schema.
 */
import {
	createBashToolDefinition,
	createLocalBashOperations,
	type ExtensionAPI,
} from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { SandboxController } from "./sandbox-controller";

export const SANDBOXED_TOOL = "bash";

export function sandboxedBashTool(
	state: ExtensionState,
	controller: SandboxController,
	launchCwd: string,
): ReturnType<typeof createBashToolDefinition> {
	const template = createBashToolDefinition(launchCwd);
	const local = createLocalBashOperations();
	return {
		...template,
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			const session = state.openedSession ?? (await state.sessionFor(ctx));
			const tool = createBashToolDefinition(ctx.cwd, {
				operations: {
					exec: (command, cwd, options) => controller.exec(session, local, { id: toolCallId, command, cwd, options }),
				},
			});
			return tool.execute(toolCallId, params, signal, onUpdate, ctx);
		},
	};
}

/** Registers the sandboxed tool once per extension instance, and only when `bash` is offered at all. */
export function registerSandboxedBash(
	pi: ExtensionAPI,
	tool: () => ReturnType<typeof createBashToolDefinition>,
): boolean {
	if (!pi.getActiveTools().includes(SANDBOXED_TOOL)) return false;
	pi.registerTool(tool());
	return true;
}
