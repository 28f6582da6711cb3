/**
 * Owns: the names of the MCP servers Pi is configured with, for the MCP target derivation (a rule like `"exa-web:*"`
 * must meet `mcp__exa_web__search`): the `mcpServers` keys of Pi's `<agentDir>/mcp.json` and, in a trusted project,
 * `<cwd>/.pi/mcp.json` (Pi 1.6 `docs/mcp.md`, "Configure servers"), plus the servers extensions registered with
 * `pi.registerMcpServer` (read with `pi.getMcpServers()`).
 * Never: throws or guesses: an unreadable, oversized or malformed file contributes no names (the derivation then
 * falls back to its first-`__` split, as before); never subscribes to `mcp_servers_change`, which would make Pi take
 * this extension for the one that connects registered servers.
 */
import { readFileSync, statSync } from "node:fs";

/** Pi's rule for server names: letters, digits, `_` and `-`. */
const SERVER_NAME = /^[A-Za-z0-9_-]{1,128}$/;
/** A larger `mcp.json` is not read (Pi's own file is a few kilobytes). */
const MAX_MCP_CONFIG_BYTES = 1_048_576;

interface McpServerSources {
	readonly agentDir: string;
	readonly cwd: string;
	/** Pi reads the project file only after the project is trusted. Must not throw. */
	readonly isProjectTrusted: () => boolean;
	/** The names extensions registered (`pi.getMcpServers()`); may throw (then none). */
	readonly registered: () => readonly string[];
}

/** Reads a file's text, or `null` when it is missing, unreadable or too large. Must not throw. */
type TextFileReader = (path: string) => string | null;

export function mcpServerNames(sources: McpServerSources, read: TextFileReader = readSmallTextFile): string[] {
	const files = [`${sources.agentDir.replace(/[/\\]+$/, "")}/mcp.json`];
	if (safely(sources.isProjectTrusted, false)) files.push(`${sources.cwd.replace(/[/\\]+$/, "")}/.pi/mcp.json`);
	const names = new Set<string>();
	for (const file of files) for (const name of namesIn(read(file))) names.add(name);
	for (const name of safely(sources.registered, [])) if (SERVER_NAME.test(name)) names.add(name);
	return [...names].sort();
}

/** The `mcpServers` keys of one `mcp.json` text; none for anything but a JSON object with an object there. */
export function namesIn(text: string | null): string[] {
	if (text === null) return [];
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return [];
	}
	const servers = isRecord(parsed) ? parsed.mcpServers : undefined;
	return isRecord(servers) ? Object.keys(servers).filter((name) => SERVER_NAME.test(name)) : [];
}

function readSmallTextFile(path: string): string | null {
	try {
		if (statSync(path).size > MAX_MCP_CONFIG_BYTES) return null;
		return readFileSync(path, "utf8");
	} catch {
		return null;
	}
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function safely<T>(read: () => T, fallback: T): T {
	try {
		return read();
	} catch {
		return fallback;
	}
}
