/**
 * Corpus rows for config loading (`config.load`) and per-agent overrides (`agent.override`), copied from the
 * reference cases; each deviation is its own row with the reason.
 */
import type { PermissionState, RuleOrigin } from "@pi-permissions/policy";

export interface ConfigLoadRow {
	readonly id: string;
	readonly title: string;
	/** The global file's full text. */
	readonly file: string;
	readonly accepted: boolean;
	/** For a rejected file: the key path its first error names. */
	readonly keyPath?: readonly (string | number)[];
	/** Why this row differs from the reference, when it does. */
	readonly reason?: string;
}

export const CONFIG_LOAD_ROWS: readonly ConfigLoadRow[] = [
	{
		id: "PP-283",
		title: "an unknown top-level key",
		file: '{"unknownKey": true}',
		accepted: false,
		keyPath: ["unknownKey"],
	},
	{
		id: "PP-284",
		title: "line and block comments",
		file: '// global policy\n{\n  /* bash rules */\n  "permission": { "bash": { "git status": "allow" } } // end\n}\n',
		accepted: true,
	},
	{
		id: "PP-284",
		title: "comments and trailing commas",
		file: '{\n  // rules\n  "permission": {\n    "bash": { "git status": "allow", /* last */ },\n  },\n}\n',
		accepted: true,
		reason: "decision change (issue 4): trailing commas are accepted; the reference rejected them",
	},
	{
		id: "PP-285",
		title: "a deny reason that is a number",
		file: '{"permission":{"bash":{"npm *":{"action":"deny","reason":42}}}}',
		accepted: false,
		keyPath: ["permission", "bash", "npm *", "reason"],
	},
	{
		id: "PP-286",
		title: "a zero forwarding timeout",
		file: '{"forwardingTimeoutMs": 0}',
		accepted: false,
		keyPath: ["forwardingTimeoutMs"],
	},
];

/** PP-287: a permissive universal rule with no bash rule of its own. */
export const PERMISSIVE_UNIVERSAL = { id: "PP-287", file: '{"permission": {"*": "allow"}}' } as const;

export interface AgentOverrideRow {
	readonly id: string;
	readonly surface: "bash" | "read";
	readonly agentName: string | null;
	readonly state: PermissionState;
	readonly origin: RuleOrigin;
}

/** Global `{"*": "ask"}`; agent `reviewer` has frontmatter `permission: { bash: deny, read: allow }`. */
export const AGENT_OVERRIDE_GLOBAL = '{"permission": {"*": "ask"}}';
export const AGENT_OVERRIDE_FRONTMATTER = "name: reviewer\npermission:\n  bash: deny\n  read: allow";

export const AGENT_OVERRIDE_ROWS: readonly AgentOverrideRow[] = [
	{ id: "PP-273", surface: "bash", agentName: "reviewer", state: "deny", origin: "agent" },
	{ id: "PP-274", surface: "bash", agentName: null, state: "ask", origin: "global" },
	{ id: "PP-275", surface: "read", agentName: "reviewer", state: "allow", origin: "agent" },
	{ id: "PP-276", surface: "read", agentName: null, state: "ask", origin: "global" },
];
