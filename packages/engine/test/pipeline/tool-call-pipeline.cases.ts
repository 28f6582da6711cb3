/**
 * Owns: the corpus `tool.decision` (PP-209..216) and `mcp.decision` (PP-146..156) rows as engine facts.
 * Never: holds behaviour; facts copied from the reference corpus, which tests never read.
 */
import type { PermissionState } from "@pi-permissions/policy";

export const TOOL_CONFIG = {
	permission: {
		"*": "ask",
		read: { "*": "allow", "*.env": "deny" },
		write: { "*": "deny", "src/*": "allow" },
		edit: "ask",
		third_party_tool: "allow",
	},
};

export const MCP_RESEARCH = {
	permission: { "*": "ask", mcp: { "*": "deny", "research_*": "ask", "research_query-*": "allow" } },
};

export const MCP_EXA = { permission: { "*": "ask", mcp: { "exa:*": "allow" } } };

export interface ToolDecisionRow {
	readonly id: string;
	readonly tool: string;
	readonly input: unknown;
	readonly state: PermissionState;
	readonly matchedPattern: string | null;
}

export interface McpDecisionRow {
	readonly id: string;
	readonly input: unknown;
	readonly config: unknown;
	readonly state: PermissionState;
	readonly matchedPattern: string | null;
	readonly target: string;
	readonly origin?: string;
}

export const TOOL_DECISION_ROWS: readonly ToolDecisionRow[] = [
	{ id: "PP-209", tool: "read", input: { path: "src/a.ts" }, state: "allow", matchedPattern: "*" },
	{ id: "PP-210", tool: "read", input: { path: ".env" }, state: "deny", matchedPattern: "*.env" },
	{ id: "PP-211", tool: "write", input: { path: "src/a.ts" }, state: "allow", matchedPattern: "src/*" },
	{ id: "PP-212", tool: "write", input: { path: "docs/a.md" }, state: "deny", matchedPattern: "*" },
	{ id: "PP-213", tool: "edit", input: { path: "x" }, state: "ask", matchedPattern: "*" },
	{ id: "PP-214", tool: "third_party_tool", input: {}, state: "allow", matchedPattern: "*" },
	{ id: "PP-215", tool: "other_tool", input: {}, state: "ask", matchedPattern: null },
	{ id: "PP-216", tool: "read", input: {}, state: "allow", matchedPattern: "*" },
];

export const MCP_DECISION_ROWS: readonly McpDecisionRow[] = [
	{
		id: "PP-146",
		input: { tool: "research:query-docs" },
		config: MCP_RESEARCH,
		state: "allow",
		matchedPattern: "research_query-*",
		target: "research_query-docs",
	},
	{
		id: "PP-147",
		input: { tool: "research:resolve-context" },
		config: MCP_RESEARCH,
		state: "ask",
		matchedPattern: "research_*",
		target: "research_resolve-context",
	},
	{
		id: "PP-148",
		input: { tool: "search:provider" },
		config: MCP_RESEARCH,
		state: "deny",
		matchedPattern: "*",
		target: "search_provider",
	},
	{ id: "PP-149", input: {}, config: MCP_RESEARCH, state: "deny", matchedPattern: "*", target: "mcp_status" },
	{
		id: "PP-150",
		input: { server: "research" },
		config: MCP_RESEARCH,
		state: "deny",
		matchedPattern: "*",
		target: "mcp_server_research",
	},
	{
		id: "PP-151",
		input: {},
		config: MCP_EXA,
		state: "allow",
		matchedPattern: null,
		target: "mcp_status",
		origin: "baseline",
	},
	{
		id: "PP-152",
		input: { server: "exa" },
		config: MCP_EXA,
		state: "allow",
		matchedPattern: null,
		target: "mcp_list",
		origin: "baseline",
	},
	{
		id: "PP-153",
		input: { tool: "exa:search" },
		config: MCP_EXA,
		state: "allow",
		matchedPattern: "exa:*",
		target: "exa:search",
		origin: "global",
	},
	{
		id: "PP-154",
		input: { tool: "other:x" },
		config: MCP_EXA,
		state: "ask",
		matchedPattern: null,
		target: "other_x",
		origin: "global",
	},
	{
		id: "PP-155",
		input: { search: "q" },
		config: MCP_EXA,
		state: "allow",
		matchedPattern: null,
		target: "mcp_search",
		origin: "baseline",
	},
	{
		id: "PP-156",
		input: { connect: "exa" },
		config: MCP_EXA,
		state: "allow",
		matchedPattern: null,
		target: "mcp_connect",
		origin: "baseline",
	},
];
