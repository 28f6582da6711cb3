/**
 * Owns: the ordered MCP target candidates for one tool call (the `mcp` proxy tool, Pi 1.6 native `mcp__s__t` names,
 * MCP resource tools).
 * Never: reads config or decides an action; it only names what is being accessed, most specific first.
 */

// INVARIANT: the discovery names used below are the policy baseline's `MCP_DISCOVERY_TARGETS`; a test keeps them equal.

/** Pi's MCP resource tools (read-only); they name no server tool. */
export const MCP_RESOURCE_TOOLS: readonly string[] = Object.freeze([
	"list_mcp_resources",
	"list_mcp_resource_templates",
	"read_mcp_resource",
]);

const NATIVE_PREFIX = "mcp__";

/** `server_tool`, `server:tool`, `server`, `tool`: the four names of one server tool, most specific first. */
function serverToolNames(server: string, tool: string): string[] {
	return [`${server}_${tool}`, `${server}:${tool}`, server, tool];
}

function text(record: Readonly<Record<string, unknown>>, key: string): string | null {
	const value = Object.hasOwn(record, key) ? record[key] : undefined;
	return typeof value === "string" && value !== "" ? value : null;
}

/** Server and tool named by a `server:tool` string, an explicit server, or the only configured server. */
function splitTarget(name: string, server: string | null, configuredServers: readonly string[]): string[] {
	const colon = name.indexOf(":");
	const parsed =
		colon > 0 && colon < name.length - 1 ? serverToolNames(name.slice(0, colon), name.slice(colon + 1)) : null;
	if (server !== null) {
		if (parsed !== null && parsed[2] === server) return parsed;
		// SECURITY: `{ server: "a", tool: "b:c" }` is ambiguous; both readings are candidates, so a rule on either applies.
		return [...serverToolNames(server, name), ...(parsed ?? [])];
	}
	if (parsed !== null) return parsed;
	const only = configuredServers.length === 1 ? configuredServers[0] : undefined;
	// A name already prefixed with the only server (`exa_search`) is taken as qualified, not prefixed again (PP-137).
	if (only !== undefined && !name.startsWith(`${only}_`)) return serverToolNames(only, name);
	return [name];
}

/** Candidates for a call of the `mcp` proxy tool (PP-133..145). */
export function mcpProxyTargets(input: unknown, configuredServers: readonly string[]): readonly string[] {
	const record: Readonly<Record<string, unknown>> =
		typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
	const server = text(record, "server");
	const tool = text(record, "tool");
	if (tool !== null) return dedupe([...splitTarget(tool, server, configuredServers), "mcp_call"]);
	if (Object.hasOwn(record, "tool")) return ["mcp_call"];
	const connect = text(record, "connect");
	if (connect !== null) return dedupe([`mcp_connect_${connect}`, connect, "mcp_connect"]);
	const describe = text(record, "describe");
	if (describe !== null) return dedupe([...splitTarget(describe, server, configuredServers), "mcp_describe"]);
	const search = text(record, "search");
	if (search !== null) {
		return dedupe([...(server !== null ? [`mcp_server_${server}`, server] : []), search, "mcp_search"]);
	}
	if (server !== null) return dedupe([`mcp_server_${server}`, server, "mcp_list"]);
	return ["mcp_status"];
}

/**
 * Candidates for a Pi 1.6 native tool `mcp__<server>__<tool>`: the proxy's four names for the same server tool, then
 * the native spelling, then `mcp_call` (a native call is the same operation a proxy `tool` call performs). A name that
 * does not split yields itself and `mcp_call`.
 */
export function mcpNativeTargets(toolName: string, configuredServers: readonly string[]): readonly string[] {
	const split = splitNativeName(toolName, configuredServers);
	if (split === null) return dedupe([toolName, "mcp_call"]);
	const [qualified, colon, server, tool] = serverToolNames(split.server, split.tool);
	return dedupe([qualified as string, colon as string, toolName, server as string, tool as string, "mcp_call"]);
}

/** Candidates for a resource tool: the tool name, then the server it names when the input carries one. */
export function mcpResourceTargets(toolName: string, input: unknown): readonly string[] {
	const record = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
	const server = text(record, "server");
	return dedupe([toolName, ...(server !== null ? [`mcp_server_${server}`, server] : [])]);
}

/**
 * Splits `mcp__<server>__<tool>`. Server names may hold `_` (and `-`, which Pi treats as `_`), so a configured server
 * whose spelling prefixes the rest wins (the longest); otherwise the first `__` separates server and tool.
 */
export function splitNativeName(
	toolName: string,
	configuredServers: readonly string[],
): { readonly server: string; readonly tool: string } | null {
	if (!toolName.startsWith(NATIVE_PREFIX)) return null;
	const rest = toolName.slice(NATIVE_PREFIX.length);
	const fold = (value: string) => value.replaceAll("-", "_");
	let best: string | null = null;
	for (const server of configuredServers) {
		const prefix = `${fold(server)}__`;
		if (
			fold(rest).startsWith(prefix) &&
			rest.length > prefix.length &&
			(best === null || server.length > best.length)
		) {
			best = server;
		}
	}
	if (best !== null) return { server: best, tool: rest.slice(best.length + 2) };
	const separator = rest.indexOf("__", 1);
	if (separator < 0 || separator + 2 >= rest.length) return null;
	return { server: rest.slice(0, separator), tool: rest.slice(separator + 2) };
}

function dedupe(values: readonly string[]): readonly string[] {
	return Object.freeze([...new Set(values)]);
}

/** The MCP tool forms `classifyTool` tells apart. */
export type McpToolForm = "proxy" | "native" | "resource";
