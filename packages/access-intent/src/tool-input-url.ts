/**
 * Owns: the network destinations a non-bash tool call names by convention (ADR 0058): a `url` input of an extension
 * tool (web fetch) or of an MCP tool (its `arguments.url` through the `mcp` proxy), read as an HTTP client reads it.
 * Never: fetches anything or judges the host; the engine's `network` gate does.
 */
import type { NetworkDestination } from "./bash/effects/network/network-destination";
import { httpOperandHost } from "./bash/effects/network/network-destination";
import type { ToolKind } from "./tool-kind";

function field(input: unknown, key: string): unknown {
	if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
	return Object.hasOwn(input, key) ? (input as Record<string, unknown>)[key] : undefined;
}

/** The destination of a tool's `url` input; `[]` for bash, a built-in, a skill, or a call without one. */
export function toolInputDestinations(kind: ToolKind, input: unknown): readonly NetworkDestination[] {
	const url =
		kind.kind === "mcp"
			? field(kind.form === "proxy" ? field(input, "arguments") : input, "url")
			: kind.kind === "extension"
				? field(input, "url")
				: undefined;
	if (typeof url !== "string" || url === "") return [];
	const tool = kind.kind === "mcp" || kind.kind === "extension" ? kind.toolName : "";
	const reading = httpOperandHost(url, "https");
	switch (reading.kind) {
		case "host":
			return [
				{
					kind: "host",
					host: reading.host,
					port: reading.port,
					program: tool,
					unit: url,
					source: "command",
					via: null,
					sends: [],
				},
			];
		case "local":
			return [];
		case "unreadable":
			return [{ kind: "unresolved", program: tool, unit: url, reason: reading.reason, sends: [] }];
		default: {
			const unhandled: never = reading;
			throw new Error(`unhandled host reading ${String(unhandled)}`);
		}
	}
}
