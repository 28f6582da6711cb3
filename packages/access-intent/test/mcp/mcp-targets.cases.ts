/** Corpus `mcp.targets` (PP-133..145): ordered candidates for an `mcp` proxy call given configured server names. */
export interface McpTargetsCase {
	readonly id: string;
	readonly input: unknown;
	readonly configuredServers: readonly string[];
	readonly orderedTargets: readonly string[];
}

const CALL = ["exa_search", "exa:search", "exa", "search", "mcp_call"];

export const MCP_TARGETS_CASES: readonly McpTargetsCase[] = [
	{ id: "PP-133", input: { tool: "exa:search" }, configuredServers: [], orderedTargets: CALL },
	{ id: "PP-134", input: { tool: "exa_search" }, configuredServers: [], orderedTargets: ["exa_search", "mcp_call"] },
	{ id: "PP-135", input: { tool: "search", server: "exa" }, configuredServers: [], orderedTargets: CALL },
	{
		id: "PP-136",
		input: { tool: "get_code_context_exa" },
		configuredServers: ["exa"],
		orderedTargets: ["exa_get_code_context_exa", "exa:get_code_context_exa", "exa", "get_code_context_exa", "mcp_call"],
	},
	{
		id: "PP-137",
		input: { tool: "exa_search" },
		configuredServers: ["exa"],
		orderedTargets: ["exa_search", "mcp_call"],
	},
	{
		id: "PP-138",
		input: { connect: "exa" },
		configuredServers: [],
		orderedTargets: ["mcp_connect_exa", "exa", "mcp_connect"],
	},
	{
		id: "PP-139",
		input: { describe: "exa:search" },
		configuredServers: [],
		orderedTargets: ["exa_search", "exa:search", "exa", "search", "mcp_describe"],
	},
	{ id: "PP-140", input: { search: "weather" }, configuredServers: [], orderedTargets: ["weather", "mcp_search"] },
	{
		id: "PP-141",
		input: { search: "weather", server: "exa" },
		configuredServers: [],
		orderedTargets: ["mcp_server_exa", "exa", "weather", "mcp_search"],
	},
	{
		id: "PP-142",
		input: { server: "exa" },
		configuredServers: [],
		orderedTargets: ["mcp_server_exa", "exa", "mcp_list"],
	},
	{ id: "PP-143", input: {}, configuredServers: [], orderedTargets: ["mcp_status"] },
	{ id: "PP-144", input: null, configuredServers: [], orderedTargets: ["mcp_status"] },
	{
		id: "PP-145",
		input: { tool: "research:query-docs" },
		configuredServers: [],
		orderedTargets: ["research_query-docs", "research:query-docs", "research", "query-docs", "mcp_call"],
	},
];
