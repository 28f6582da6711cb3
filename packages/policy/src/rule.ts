/**
 * Owns: `Rule`, the single unit of policy, and `RuleOrigin`, where a rule came from.
 * Never: evaluates; see `compiled-policy.ts`.
 */
import type { ModeOrigin } from "./modes/permission-mode";
import type { PermissionState } from "./permission-state";

/** The four config scopes, lowest precedence first. */
export type ScopeName = "global" | "project" | "agent" | "project-agent";

export type RuleOrigin =
	| ScopeName
	/** the built-in universal `ask` when the config sets no `"*"` */
	| "builtin"
	/** the MCP discovery targets allowed once some `mcp` rule allows */
	| "baseline"
	/** a "for this session" approval */
	| "session"
	/** an `ask` rewritten to `allow` by yolo mode */
	| "yolo"
	/** an `allow` floored to `ask` because a non-global scope failed to load */
	| "fail-closed"
	/** the managed scope: a root-owned system file whose denies and asks nothing below lifts (ADR 0055) */
	| "managed"
	/** an outcome a person's mode changed (ADR 0054): `mode:plan`, `mode:accept-edits`, `mode:dont-ask` */
	| ModeOrigin;

export interface Rule {
	/** A wildcard over surface names: a tool name, `bash`, `mcp`, `skill`, `path`, `external_directory`, or `*`. */
	readonly surface: string;
	/** A wildcard over the surface's values (command unit, path, MCP target, skill name). */
	readonly pattern: string;
	readonly action: PermissionState;
	/** The operator's reason; only a `deny` carries one. */
	readonly reason?: string;
	/** When an allow rule stops deciding (epoch milliseconds, ADR 0061); absent: never. */
	readonly expires?: number;
	readonly origin: RuleOrigin;
}

/** The ordered rules; the last matching rule wins. */
export type Ruleset = readonly Rule[];

/** The universal surface: a rule on it applies to every surface. */
export const UNIVERSAL_SURFACE = "*";
