/**
 * Owns: the MCP candidates of a call dispatched on its form, as the engine dispatches them, for table tests.
 * Never: holds a rule of its own; each form is the exported function the engine calls.
 */
import { type McpToolForm, mcpNativeTargets, mcpProxyTargets, mcpResourceTargets } from "../../src/mcp/mcp-targets";

/** Candidates for any MCP call, dispatched on its form (the `mcp` variant of `ToolKind` fits this parameter). */
export function mcpTargets(
	call: { readonly toolName: string; readonly form: McpToolForm },
	input: unknown,
	configuredServers: readonly string[],
): readonly string[] {
	switch (call.form) {
		case "proxy":
			return mcpProxyTargets(input, configuredServers);
		case "native":
			return mcpNativeTargets(call.toolName, configuredServers);
		case "resource":
			return mcpResourceTargets(call.toolName, input);
		default: {
			const unhandled: never = call.form;
			throw new Error(`unhandled MCP tool form ${String(unhandled)}`);
		}
	}
}
