/**
 * Fifteen hand-written config files with comments, denies and odd formatting, each with one grant asked for. The
 * table test writes the grant with the real writer and checks the bytes kept, the rule read back and the law.
 */
import type { GrantConflict, PermissionConfig } from "@pi-permissions/policy";

export interface GrantCase {
	readonly name: string;
	/** The project file before the edit; `null` when it does not exist. */
	readonly text: string | null;
	/** The global scope's config, when the case needs one. */
	readonly global?: PermissionConfig;
	readonly surface: string;
	readonly pattern: string;
	/** The asked value the grant must allow. */
	readonly asked: string;
	/** Values the policy denies before the edit; each must stay denied. */
	readonly denied: readonly string[];
	/** Values the policy asks about that the grant does not cover; each must still ask. */
	readonly stillAsk: readonly string[];
	readonly expect:
		| { readonly kind: "written"; readonly oneLine: boolean }
		| { readonly kind: "present" }
		| { readonly kind: "conflict"; readonly conflict: GrantConflict["kind"]; readonly shows: string };
}

export const GRANT_CASES: readonly GrantCase[] = [
	{
		name: "tabs, line comments, a catch-all ask and a deny",
		text: '{\n\t// my policy\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask", // ask by default\n\t\t\t"rm -rf *": "deny"\n\t\t}\n\t}\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: ["rm -rf /"],
		stillAsk: ["npm install", "rm x"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: "two-space indentation and block comments",
		text: '/* team policy */\n{\n  "permission": {\n    /* shell */\n    "bash": {\n      "*": "ask",\n      "git push --force *": "deny"\n    }\n  }\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: ["git push --force origin"],
		stillAsk: ["git push origin"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: "four spaces and CRLF line ends",
		text: '{\r\n    "permission": {\r\n        "bash": {\r\n            "*": "ask",\r\n            "sudo *": "deny"\r\n        }\r\n    }\r\n}\r\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: ["sudo ls"],
		stillAsk: ["ls"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: 'a string surface value ("bash": "ask") becomes an object',
		text: '{\n\t"permission": {\n\t\t"bash": "ask", // everything asks\n\t\t"read": "allow"\n\t}\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["npm install", "ls"],
		expect: { kind: "written", oneLine: false },
	},
	{
		name: "no bash key yet, other surfaces present",
		text: '{\n\t"permission": {\n\t\t"read": { "*.env": "deny" },\n\t\t"edit": "ask"\n\t}\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["ls"],
		expect: { kind: "written", oneLine: false },
	},
	{
		name: "no permission key at all",
		text: '{\n\t// only settings\n\t"yoloMode": false\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["ls"],
		expect: { kind: "written", oneLine: false },
	},
	{
		name: "trailing commas everywhere",
		text: '{\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"git *": "ask",\n\t\t},\n\t},\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["git status"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: "everything on one line: the marker is a block comment",
		text: '{"permission": {"bash": {"*": "ask", "rm *": "deny"}}}\n',
		surface: "bash",
		pattern: "git status *",
		asked: "git status",
		denied: ["rm x"],
		stillAsk: ["git push"],
		expect: { kind: "written", oneLine: false },
	},
	{
		name: "the grant overlaps a deny: it goes before the deny",
		text: '{\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"git push --force *": { "action": "deny", "reason": "never force" },\n\t\t\t"git status *": "allow"\n\t\t}\n\t}\n}\n',
		surface: "bash",
		pattern: "git push *",
		asked: "git push origin main",
		denied: ["git push --force origin main"],
		stillAsk: ["git pull"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: "a global deny covers the grant: refused, the deny shown",
		text: '{\n\t"permission": {\n\t\t"read": "allow"\n\t}\n}\n',
		global: { permission: { bash: { "rm *": "deny" } } },
		surface: "bash",
		pattern: "rm tmp *",
		asked: "rm tmp",
		denied: ["rm tmp", "rm -rf /"],
		stillAsk: ["ls"],
		expect: { kind: "conflict", conflict: "lifts-deny", shows: "rm *" },
	},
	{
		name: "a universal deny screened by a narrower ask",
		text: '{\n\t"permission": {\n\t\t"*": "deny",\n\t\t"bash": {\n\t\t\t"npm *": "ask"\n\t\t}\n\t}\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: ["ls", "rm x"],
		stillAsk: ["npm install"],
		expect: { kind: "written", oneLine: false },
	},
	{
		name: "the pattern is already allowed by hand: nothing written",
		text: '{\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"npm test *": "allow" // mine\n\t\t}\n\t}\n}\n',
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["ls"],
		expect: { kind: "present" },
	},
	{
		name: "the pattern is denied in the file: refused, the deny shown",
		text: '{\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"npm publish *": "deny"\n\t\t}\n\t}\n}\n',
		surface: "bash",
		pattern: "npm publish *",
		asked: "npm publish",
		denied: ["npm publish"],
		stillAsk: ["ls"],
		expect: { kind: "conflict", conflict: "pattern-taken", shows: "npm publish *" },
	},
	{
		name: "a path surface: a directory grant goes before every deny on the surface",
		text: '{\n\t"permission": {\n\t\t"read": {\n\t\t\t"*": "ask",\n\t\t\t"*.env": "deny", // secrets\n\t\t\t"/etc/*": "deny"\n\t\t}\n\t}\n}\n',
		surface: "read",
		pattern: "/work/proj/src/*",
		asked: "/work/proj/src/a.ts",
		denied: ["/work/proj/src/.env", "/etc/passwd"],
		stillAsk: ["/work/other/x"],
		expect: { kind: "written", oneLine: true },
	},
	{
		name: "an MCP grant beside a narrow universal rule: refused (candidates could split)",
		text: '{\n\t"permission": {\n\t\t"*": { "*": "ask", "exa*": "deny" },\n\t\t"mcp": { "*": "ask" }\n\t}\n}\n',
		surface: "mcp",
		pattern: "github:*",
		asked: "github:search",
		denied: [],
		stillAsk: ["slack:post"],
		expect: { kind: "conflict", conflict: "uneven-candidates", shows: "exa*" },
	},
	{
		name: "no file yet: created with $schema",
		text: null,
		surface: "bash",
		pattern: "npm test *",
		asked: "npm test",
		denied: [],
		stillAsk: ["ls"],
		expect: { kind: "written", oneLine: false },
	},
];
