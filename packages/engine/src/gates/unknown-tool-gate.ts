/**
 * Owns: refusing a tool Pi does not offer this session, before any policy is read, and the refusal's wording: it
 * names the tool and lists the tools that are available (bounded), so the model can correct itself.
 * Never: consults policy; a rule can never make an unknown tool run.
 */
import type { GateOutcome } from "./gate-outcome";

/** The available-tool names listed in a refusal, at most; the rest are counted. */
export const MAX_LISTED_TOOLS = 40;

/** The most characters of the requested tool's name a refusal repeats. */
export const MAX_TOOL_NAME_LENGTH = 120;

export function unknownToolOutcome(toolName: string, available: ReadonlySet<string>): GateOutcome {
	return {
		gate: "unknown-tool",
		surface: toolName,
		value: "*",
		state: "deny",
		matchedPattern: null,
		origin: null,
		basis: "unknown-tool",
		reason: unknownToolReason(toolName, available),
		payload: null,
		suggestion: null,
		access: null,
	};
}

/**
 * `Tool "x" is not available in this session; available tools: a, b, c.` The names are sorted; past
 * `MAX_LISTED_TOOLS` the list ends with `…and N more`. One line whatever the names hold.
 */
export function unknownToolReason(toolName: string, available: Iterable<string>): string {
	const names = [...new Set(available)].sort();
	const listed = names.slice(0, MAX_LISTED_TOOLS).map(oneLine);
	const rest = names.length - listed.length;
	const list = listed.length === 0 ? "none" : `${listed.join(", ")}${rest > 0 ? `, …and ${rest} more` : ""}`;
	return `Tool ${quoted(toolName)} is not available in this session; available tools: ${list}.`;
}

/** JSON quoting keeps a hostile name on one line (`\n` stays escaped); a long name is cut with a count. */
function quoted(toolName: string): string {
	if (toolName.length <= MAX_TOOL_NAME_LENGTH) return JSON.stringify(toolName);
	const cut = toolName.length - MAX_TOOL_NAME_LENGTH;
	return `${JSON.stringify(toolName.slice(0, MAX_TOOL_NAME_LENGTH))}…(+${cut})`;
}

function oneLine(name: string): string {
	// SECURITY: a registered tool name is not ours to trust; a control character would let it forge a second line.
	return hasControlCharacter(name) ? JSON.stringify(name) : name;
}

function hasControlCharacter(text: string): boolean {
	for (let index = 0; index < text.length; index += 1) {
		const code = text.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}
