/**
 * Owns: refusing a tool Pi does not offer this session, before any policy is read, with a reason listing the tools
 * that are available (so the model can correct itself).
 * Never: consults policy; a rule can never make an unknown tool run.
 */
import type { GateOutcome } from "./gate-outcome";

/** The available-tool names listed in a refusal, at most. */
export const MAX_LISTED_TOOLS = 64;

export function unknownToolOutcome(toolName: string, available: ReadonlySet<string>): GateOutcome {
	const names = [...available].sort();
	const listed = names.slice(0, MAX_LISTED_TOOLS).join(", ");
	const more = names.length > MAX_LISTED_TOOLS ? ` and ${names.length - MAX_LISTED_TOOLS} more` : "";
	return {
		gate: "unknown-tool",
		surface: toolName,
		value: "*",
		state: "deny",
		matchedPattern: null,
		origin: null,
		basis: "unknown-tool",
		reason: `no tool named ${JSON.stringify(toolName)} is available; available tools: ${listed === "" ? "none" : listed}${more}`,
		payload: null,
		suggestion: null,
	};
}
