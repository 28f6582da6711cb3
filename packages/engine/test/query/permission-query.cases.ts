/**
 * Owns: the corpus `path.decision` (PP-199..208), `extdir.decision` (PP-248..252) and `skill.decision` (PP-270..272)
 * rows as query facts. Facts copied from the reference corpus; tests never read it.
 * Never: holds behaviour.
 */
import type { PermissionState } from "@pi-permissions/policy";

export const PATH_CONFIG = {
	permission: {
		"*": "ask",
		path: { "*": "allow", "*.env": "deny", "*.env.*": "deny", "*.env.example": "allow", "~/.ssh/*": "deny" },
	},
};

export const EXTDIR_CONFIG = {
	permission: {
		"*": "ask",
		external_directory: { "*": "ask", "~/.cargo/registry/*": "allow", "/tmp/*": "allow", "~/secrets/*": "deny" },
	},
};

export const SKILL_CONFIG = {
	permission: { "*": "ask", skill: { "*": "ask", "web-*": "deny", "requesting-code-review": "allow" } },
};

export interface QueryRow {
	readonly id: string;
	readonly value: string;
	readonly config: unknown;
	readonly state: PermissionState;
	readonly matchedPattern?: string | null;
	readonly matchValues?: readonly string[];
}

export const PATH_DECISION_ROWS: readonly QueryRow[] = [
	{
		id: "PP-199",
		value: ".env",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "*.env",
		matchValues: ["/projects/app/.env", ".env"],
	},
	{
		id: "PP-200",
		value: ".env.local",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "*.env.*",
		matchValues: ["/projects/app/.env.local", ".env.local"],
	},
	{
		id: "PP-201",
		value: ".env.production",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "*.env.*",
		matchValues: ["/projects/app/.env.production", ".env.production"],
	},
	{
		id: "PP-202",
		value: "src/.env",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "*.env",
		matchValues: ["/projects/app/src/.env", "src/.env"],
	},
	{
		id: "PP-203",
		value: ".env.example",
		config: PATH_CONFIG,
		state: "allow",
		matchedPattern: "*.env.example",
		matchValues: ["/projects/app/.env.example", ".env.example"],
	},
	{
		id: "PP-204",
		value: "README.md",
		config: PATH_CONFIG,
		state: "allow",
		matchedPattern: "*",
		matchValues: ["/projects/app/README.md", "README.md"],
	},
	{
		id: "PP-205",
		value: "~/.ssh/config",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "~/.ssh/*",
		matchValues: ["/home/u/.ssh/config"],
	},
	{
		id: "PP-206",
		value: "$HOME/.ssh/config",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "~/.ssh/*",
		matchValues: ["/home/u/.ssh/config"],
	},
	{
		id: "PP-207",
		value: "/home/u/.ssh/config",
		config: PATH_CONFIG,
		state: "deny",
		matchedPattern: "~/.ssh/*",
		matchValues: ["/home/u/.ssh/config"],
	},
	{ id: "PP-208", value: ".env", config: { permission: { path: { "*.env": "deny", "*": "allow" } } }, state: "allow" },
];

export const EXTDIR_DECISION_ROWS: readonly QueryRow[] = [
	{
		id: "PP-248",
		value: "/home/u/.cargo/registry/a/b.rs",
		config: EXTDIR_CONFIG,
		state: "allow",
		matchedPattern: "~/.cargo/registry/*",
	},
	{ id: "PP-249", value: "/home/u/.cargo/registry", config: EXTDIR_CONFIG, state: "ask", matchedPattern: "*" },
	{ id: "PP-250", value: "/tmp/x", config: EXTDIR_CONFIG, state: "allow", matchedPattern: "/tmp/*" },
	{ id: "PP-251", value: "/etc/hosts", config: EXTDIR_CONFIG, state: "ask", matchedPattern: "*" },
	{ id: "PP-252", value: "/home/u/secrets/k", config: EXTDIR_CONFIG, state: "deny", matchedPattern: "~/secrets/*" },
];

export const SKILL_DECISION_ROWS: readonly QueryRow[] = [
	{
		id: "PP-270",
		value: "requesting-code-review",
		config: SKILL_CONFIG,
		state: "allow",
		matchedPattern: "requesting-code-review",
	},
	{ id: "PP-271", value: "web-design-guidelines", config: SKILL_CONFIG, state: "deny", matchedPattern: "web-*" },
	{ id: "PP-272", value: "unknown", config: SKILL_CONFIG, state: "ask", matchedPattern: "*" },
];
