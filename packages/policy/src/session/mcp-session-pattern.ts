/**
 * Owns: the session pattern for one MCP target: its server as a glob (`exa:search` -> `exa:*`, `exa_search` ->
 * `exa_*`, `mcp__exa__search` -> `mcp__exa__*`), or `*` for a target that names no server.
 * Never: derives targets from tool input (access-intent does) or decides an action.
 */

const WILDCARD = /[*?]/;
const NATIVE_PREFIX = "mcp__";

/** The server prefix of a target including its separator, or `null` when the target names no server. */
function serverPrefix(target: string): string | null {
	if (target.startsWith(NATIVE_PREFIX)) {
		const end = target.indexOf("__", NATIVE_PREFIX.length);
		// A native name without a server part is approved exactly rather than read as server `mcp`.
		return end > NATIVE_PREFIX.length ? target.slice(0, end + 2) : target;
	}
	for (const separator of [":", "_"]) {
		const at = target.indexOf(separator);
		if (at > 0) return target.slice(0, at + 1);
		if (at === 0) return target; // `:tool` names no server: approve exactly this target
	}
	return null;
}

/**
 * `server<sep>*` for a target with a server, `*` for a bare name (the reference's answer), or `null` when the server
 * part holds a wildcard character, which would widen the grant to other servers, or the target is empty.
 */
export function mcpSessionPattern(target: string): string | null {
	if (target === "") return null;
	const prefix = serverPrefix(target);
	if (prefix === null) return "*";
	// SECURITY: `ex*:search` must not become `ex*:*`, which grants every server starting with `ex`.
	if (WILDCARD.test(prefix)) return null;
	return prefix === target ? target : `${prefix}*`;
}
