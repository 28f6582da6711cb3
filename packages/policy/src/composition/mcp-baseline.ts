/**
 * Owns: the MCP discovery baseline: the five discovery targets are allowed once any `mcp` rule allows, so a user
 * who allows an MCP server can also list and search servers without a prompt.
 * Never: allows a tool call; discovery targets only name, list, describe and connect.
 */
import type { Rule, Ruleset } from "../rule";
import { MCP_SURFACE } from "../surface";

/** Discovery targets; `@pi-permissions/access-intent` derives the same names for discovery calls. */
export const MCP_DISCOVERY_TARGETS = ["mcp_status", "mcp_list", "mcp_search", "mcp_describe", "mcp_connect"] as const;

/** Baseline rules when some `mcp` rule allows, else none. */
export function mcpBaselineRules(configRules: Ruleset): Rule[] {
	const anyAllow = configRules.some((rule) => rule.surface === MCP_SURFACE && rule.action === "allow");
	if (!anyAllow) return [];
	return MCP_DISCOVERY_TARGETS.map((pattern) => ({
		surface: MCP_SURFACE,
		pattern,
		action: "allow",
		origin: "baseline",
	}));
}
