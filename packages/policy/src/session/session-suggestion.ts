/**
 * Owns: what a "for this session" answer would grant for one ask: the surface, the pattern(s) and the dialog label,
 * chosen per surface (bash arity, MCP server, path directory, exact skill, whole tool).
 * Never: stores grants (see `session-rule-store.ts`) or offers a grant wider than the request's family.
 */
import { isCatchAll } from "../compiled-policy";
import { networkHostOf } from "../network/network-host";
import type { PathFlavor } from "../path-flavor";
import { UNIVERSAL_SURFACE } from "../rule";
import { CROSS_CUTTING_PATH_SURFACES, NETWORK_SURFACE, PATH_SURFACES } from "../surface";
import { hasWildcard } from "../wildcard";
import { bashSessionPattern } from "./bash-session-pattern";
import { mcpSessionPattern } from "./mcp-session-pattern";
import { pathApprovalPattern } from "./path-approval-pattern";
import type { SessionGrantRequest } from "./session-rule-store";

type SessionSuggestionKind =
	/** one bash command unit, by its arity-based family pattern */
	| "bash"
	/** an MCP server's tools */
	| "mcp"
	/** one skill, by exact name */
	| "skill"
	/** a directory on a path surface (`path`, `external_directory`) or a file tool (`read`, `write`, …) */
	| "path"
	/** one network host, on every port (ADR 0058) */
	| "network"
	/** every use of a tool */
	| "tool";

export interface SessionSuggestion {
	readonly kind: SessionSuggestionKind;
	/** The surface each session rule goes on. */
	readonly surface: string;
	/** One session rule per pattern; several only for a multi-directory path approval. Never empty. */
	readonly patterns: readonly [string, ...string[]];
	/** The dialog option text, e.g. `Yes, allow bash "git status *" for this session`. */
	readonly label: string;
}

export interface SuggestionOptions {
	/** The path flavor chosen at the composition root; it decides which characters separate directories. */
	readonly flavor: PathFlavor;
}

/** Renders the label of a suggestion from its parts (PP-265..269 wording). */
export function sessionSuggestionLabel(parts: Omit<SessionSuggestion, "label">): string {
	// JSON quoting keeps a label on one line and escapes control characters from a unit's text.
	const quoted = parts.patterns.map((pattern) => JSON.stringify(pattern)).join(", ");
	switch (parts.kind) {
		case "bash":
			return `Yes, allow bash ${quoted} for this session`;
		case "mcp":
			return `Yes, allow mcp tool ${quoted} for this session`;
		case "skill":
			return `Yes, allow skill ${quoted} for this session`;
		case "path": {
			const subject = parts.surface === "external_directory" ? "external directory" : parts.surface;
			return `Yes, allow ${subject} ${quoted} for this session`;
		}
		case "network":
			return `Yes, allow network host ${quoted} for this session`;
		case "tool":
			return `Yes, allow tool ${JSON.stringify(parts.surface)} for this session`;
		default: {
			const unhandled: never = parts.kind;
			throw new Error(`unhandled suggestion kind ${String(unhandled)}`);
		}
	}
}

function suggestion(
	kind: SessionSuggestionKind,
	surface: string,
	patterns: readonly string[],
): SessionSuggestion | null {
	const [first, ...rest] = patterns;
	if (first === undefined) return null;
	const parts = { kind, surface, patterns: [first, ...rest] as const };
	return { ...parts, label: sessionSuggestionLabel(parts) };
}

/**
 * The session approval to offer for one ask, or `null` when none may be offered. For `bash`, `value` is ONE command
 * unit's text (the engine asks per unit); for `mcp` a target; for `skill` a name; for path surfaces and file tools
 * a path (`*` on a file tool means the whole tool). Every other surface suggests the whole tool.
 */
export function suggestSessionApproval(
	surface: string,
	value: string,
	options: SuggestionOptions,
): SessionSuggestion | null {
	if (surface === "" || surface === UNIVERSAL_SURFACE || hasWildcard(surface)) return null;
	switch (surface) {
		case "bash": {
			const pattern = bashSessionPattern(value);
			return pattern ? suggestion("bash", surface, [pattern]) : null;
		}
		case "mcp": {
			const pattern = mcpSessionPattern(value);
			return pattern ? suggestion("mcp", surface, [pattern]) : null;
		}
		case "skill":
			// SECURITY: a skill is approved by exact name; a name with `*` or `?` would match other skills.
			return value === "" || hasWildcard(value) ? null : suggestion("skill", surface, [value]);
		case NETWORK_SURFACE: {
			// SECURITY: a host is approved by its exact name (every port): never `*`, never a computed destination.
			const host = networkHostOf(value);
			return host === null ? null : suggestion("network", surface, [host]);
		}
		default:
			if (PATH_SURFACES.has(surface)) return suggestPathApproval(surface, [value], options);
			return suggestion("tool", surface, ["*"]);
	}
}

/** One unit of a bash ask, as the engine read it. */
export interface BashApprovalUnit {
	/** The unit's text. */
	readonly text: string;
	/**
	 * For a unit that runs code nobody can read (`python3 -c …`, `node -e …`): every spelling a rule must name exactly
	 * to allow it, or `null` for a unit judged by its command family.
	 */
	readonly exactSpellings: readonly string[] | null;
}

/**
 * The "for this session" approval of one bash ask, covering every unit that asked (the deciding one first): each by
 * its family pattern (`git push *`), or, when it runs opaque code, by its exact text, which is the only rule that can
 * pass it. `null` when any unit has neither, since a grant that missed one would not cover what the answer approved.
 */
export function suggestBashApproval(units: readonly BashApprovalUnit[]): SessionSuggestion | null {
	const patterns: string[] = [];
	for (const unit of units) {
		const own = unit.exactSpellings === null ? familyPatterns(unit.text) : exactPatterns(unit.exactSpellings);
		if (own === null) return null;
		for (const pattern of own) if (!patterns.includes(pattern)) patterns.push(pattern);
	}
	return suggestion("bash", "bash", patterns);
}

function familyPatterns(text: string): readonly string[] | null {
	const pattern = bashSessionPattern(text);
	return pattern === null || pattern === "" ? null : [pattern];
}

/** SECURITY: an exact text becomes a pattern: a `*` or `?` would widen it, a `$` or backtick changes what it runs. */
function exactPatterns(spellings: readonly string[]): readonly string[] | null {
	if (spellings.length === 0 || spellings.some((text) => text.trim() === "" || /[*?$`]/.test(text))) return null;
	return spellings;
}

/**
 * One approval covering several paths of one ask (the bash `external_directory` gate may flag several directories):
 * one pattern per distinct directory, or `null` when any path has no safe pattern, since a partial grant would not
 * cover the request. A file tool asked about `*` suggests the whole tool.
 */
export function suggestPathApproval(
	surface: string,
	values: readonly string[],
	options: SuggestionOptions,
): SessionSuggestion | null {
	if (!PATH_SURFACES.has(surface) || values.length === 0) return null;
	const wholeTool = values.filter((value) => value === "" || isCatchAll(value)).length;
	if (wholeTool === values.length)
		return CROSS_CUTTING_PATH_SURFACES.has(surface) ? null : suggestion("tool", surface, ["*"]);
	if (wholeTool > 0) return null;
	const patterns: string[] = [];
	const seen = new Set<string>();
	for (const value of values) {
		const pattern = pathApprovalPattern(value, options.flavor);
		if (pattern === null) return null;
		const key = options.flavor.fold(pattern);
		if (seen.has(key)) continue;
		seen.add(key);
		patterns.push(pattern);
	}
	return suggestion("path", surface, patterns);
}

/** The session-store requests that record an accepted suggestion: one `allow` grant per pattern. */
export function sessionGrantRequests(accepted: SessionSuggestion): readonly SessionGrantRequest[] {
	return accepted.patterns.map((pattern) => ({ surface: accepted.surface, pattern }));
}
