/**
 * Rows for `validateConfig`: corpus `config.load` rows (PP-283, PP-285, PP-286), our malformed configs with the
 * exact issue each must produce, and valid configs that must come back unchanged. Facts are copied here.
 */

export interface ExpectedIssue {
	readonly keyPath: readonly (string | number)[];
	readonly message: string;
	readonly hint: string;
}

/** Corpus `config.load` rows whose input is a file text. PP-284 (JSONC comments) belongs to the engine's loader. */
export interface CorpusLoadRow {
	readonly id: string;
	readonly file: string;
	readonly accepted: boolean;
	readonly issues: readonly ExpectedIssue[];
}

export const CORPUS_LOAD_ROWS: readonly CorpusLoadRow[] = [
	{
		id: "PP-283",
		file: '{"unknownKey": true}',
		accepted: false,
		issues: [
			{
				keyPath: ["unknownKey"],
				message: "unknown key `unknownKey`",
				hint: "use one of `$schema`, `debugLog`, `permissionReviewLog`, `yoloMode`, `doublePressToConfirm`, `forwardingTimeoutMs`, `promptMaxRows`, `promptFieldMaxWidth`, `reviewLogFieldMaxWidth`, `toolInputPreviewMaxLength`, `toolTextSummaryMaxLength`, `piInfrastructureReadPaths`, `protectedPaths`, `authorizerChain`, `knownTools`, `promptPingBell`, `promptPingDesktop`, `promptPingDelaySeconds`, `permission`, `shellTools`, `tests`, `sandbox`, `defaultMode`, `allowedModes`, `disableYolo`, `requireSandbox`, `allowManagedRulesOnly` or `telemetry`, or remove the key",
			},
		],
	},
	{
		id: "PP-285",
		file: '{"permission":{"bash":{"npm *":{"action":"deny","reason":42}}}}',
		accepted: false,
		issues: [
			{
				keyPath: ["permission", "bash", "npm *", "reason"],
				message: "a reason must be text, not the number `42`",
				hint: 'write the reason in quotes, e.g. `"Use pnpm instead"`',
			},
		],
	},
	{
		id: "PP-286",
		file: '{"forwardingTimeoutMs": 0}',
		accepted: false,
		issues: [
			{
				keyPath: ["forwardingTimeoutMs"],
				message: "`forwardingTimeoutMs` must be a whole number of at least 1",
				hint: "use a timeout in milliseconds, e.g. `600000`",
			},
		],
	},
];

const ACTION_HINT = 'use one of `allow`, `ask`, `deny`, or `{ "action": "deny", "reason": "…" }`';
const SURFACE_HINT =
	'use one of `allow`, `ask`, `deny`, or an object that maps patterns to actions, e.g. `{ "*": "ask", "git status": "allow" }`';
const TIMEOUT = {
	keyPath: ["forwardingTimeoutMs"],
	message: "`forwardingTimeoutMs` must be a whole number of at least 1",
	hint: "use a timeout in milliseconds, e.g. `600000`",
} as const;
const FILE_HINT = 'wrap the settings in braces, e.g. `{ "permission": { "*": "ask" } }`';
const DENY_RULE_KEYS_HINT = "use one of `action` or `reason`, or remove the key";
const NEEDS_DENY_HINT = 'add `"action": "deny"`, or write `allow` or `ask` as a plain string';

/** A config that must be rejected. `file` is JSON text, parsed as the loader would (so `__proto__` is a real key). */
export interface MalformedRow {
	readonly id: string;
	readonly what: string;
	readonly file: string;
	readonly issues: readonly ExpectedIssue[];
}

export const MALFORMED_ROWS: readonly MalformedRow[] = [
	{
		id: "M01",
		what: "a misspelt top-level key",
		file: '{"permision": {}}',
		issues: [{ keyPath: ["permision"], message: "unknown key `permision`", hint: "did you mean `permission`?" }],
	},
	{
		id: "M02",
		what: "a top-level key in the wrong case",
		file: '{"YoloMode": true}',
		issues: [{ keyPath: ["YoloMode"], message: "unknown key `YoloMode`", hint: "did you mean `yoloMode`?" }],
	},
	{
		id: "M03",
		what: "an unknown key in a shellTools entry",
		file: '{"shellTools": {"run_shell": {"commandArgument": "cmd", "workdir": "cwd"}}}',
		issues: [
			{
				keyPath: ["shellTools", "run_shell", "workdir"],
				message: "unknown key `workdir`",
				hint: "use one of `commandArgument` or `workdirArgument`, or remove the key",
			},
		],
	},
	{
		id: "M04",
		what: "a misspelt key in a deny object",
		file: '{"permission": {"bash": {"npm *": {"action": "deny", "reson": "use pnpm"}}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "npm *", "reson"],
				message: "unknown key `reson`",
				hint: "did you mean `reason`?",
			},
		],
	},
	{
		id: "M05",
		what: "an extra key in a deny object",
		file: '{"permission": {"bash": {"npm *": {"action": "deny", "reason": "r", "level": 3}}}}',
		issues: [
			{ keyPath: ["permission", "bash", "npm *", "level"], message: "unknown key `level`", hint: DENY_RULE_KEYS_HINT },
		],
	},
	{
		id: "M06",
		what: "an empty pattern key",
		file: '{"permission": {"bash": {"": "deny"}}}',
		issues: [
			{
				keyPath: ["permission", "bash", ""],
				message: "a pattern is empty",
				hint: "use `*` to match everything, or write the value to match",
			},
		],
	},
	{
		id: "M07",
		what: "an empty surface key",
		file: '{"permission": {"": "allow"}}',
		issues: [
			{
				keyPath: ["permission", ""],
				message: "a surface name is empty",
				hint: "use a tool name such as `bash`, or `*` for every tool",
			},
		],
	},
	{
		id: "M08",
		what: "an empty shellTools name",
		file: '{"shellTools": {"": {"commandArgument": "cmd"}}}',
		issues: [
			{
				keyPath: ["shellTools", ""],
				message: "a tool name is empty",
				hint: "use the name of the tool that runs shell commands",
			},
		],
	},
	{
		id: "M09",
		what: "a reason on an allow",
		file: '{"permission": {"bash": {"git push *": {"action": "allow", "reason": "fine"}}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "git push *", "reason"],
				message: "only a `deny` rule can carry a reason, and this one is `allow`",
				hint: "write `allow` as a plain string without a reason, or change the action to `deny`",
			},
		],
	},
	{
		id: "M10",
		what: "a reason on an ask",
		file: '{"permission": {"mcp": {"exa:*": {"action": "ask", "reason": "check"}}}}',
		issues: [
			{
				keyPath: ["permission", "mcp", "exa:*", "reason"],
				message: "only a `deny` rule can carry a reason, and this one is `ask`",
				hint: "write `ask` as a plain string without a reason, or change the action to `deny`",
			},
		],
	},
	{
		id: "M11",
		what: "an object form for ask without a reason",
		file: '{"permission": {"bash": {"git *": {"action": "ask"}}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "git *", "action"],
				message: "the object form is only for `deny`",
				hint: "write `ask` as a plain string",
			},
		],
	},
	{
		id: "M12",
		what: "a 501-character reason",
		file: JSON.stringify({ permission: { bash: { "rm *": { action: "deny", reason: "r".repeat(501) } } } }),
		issues: [
			{
				keyPath: ["permission", "bash", "rm *", "reason"],
				message: "the reason is 501 characters long; at most 500 are allowed",
				hint: "shorten the reason to 500 characters or fewer",
			},
		],
	},
	{
		id: "M13",
		what: "a deny object without an action",
		file: '{"permission": {"bash": {"rm *": {"reason": "no"}}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "rm *"],
				message: 'a rule object needs `"action": "deny"`',
				hint: NEEDS_DENY_HINT,
			},
		],
	},
	{
		id: "M14",
		what: "a rule object with an unknown action",
		file: '{"permission": {"bash": {"rm *": {"action": "block"}}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "rm *", "action"],
				message: "the text `block` is not an action for a rule object",
				hint: NEEDS_DENY_HINT,
			},
		],
	},
	{
		id: "M15",
		what: "an invalid action for a pattern",
		file: '{"permission": {"bash": {"git status": "allowed"}}}',
		issues: [
			{ keyPath: ["permission", "bash", "git status"], message: "`allowed` is not an action", hint: ACTION_HINT },
		],
	},
	{
		id: "M16",
		what: "a pattern mapped to null",
		file: '{"permission": {"bash": {"git status": null}}}',
		issues: [
			{
				keyPath: ["permission", "bash", "git status"],
				message: "a pattern must map to an action, not `null`",
				hint: ACTION_HINT,
			},
		],
	},
	{
		id: "M17",
		what: "an invalid action for a surface",
		file: '{"permission": {"read": "Allow"}}',
		issues: [{ keyPath: ["permission", "read"], message: "`Allow` is not an action", hint: SURFACE_HINT }],
	},
	{
		id: "M18",
		what: "a surface mapped to a list",
		file: '{"permission": {"bash": ["git status"]}}',
		issues: [
			{
				keyPath: ["permission", "bash"],
				message: "a surface must map to an action or to patterns, not a list",
				hint: SURFACE_HINT,
			},
		],
	},
	{
		id: "M19",
		what: "permission as a string",
		file: '{"permission": "allow"}',
		issues: [
			{
				keyPath: ["permission"],
				message: "`permission` must be an object that maps surfaces to actions",
				hint: 'e.g. `{ "*": "ask", "bash": { "git status": "allow" } }`',
			},
		],
	},
	{ id: "M20", what: "a negative timeout", file: '{"forwardingTimeoutMs": -1}', issues: [TIMEOUT] },
	{ id: "M21", what: "a fractional timeout", file: '{"forwardingTimeoutMs": 1.5}', issues: [TIMEOUT] },
	{ id: "M22", what: "a timeout written as a string", file: '{"forwardingTimeoutMs": "600000"}', issues: [TIMEOUT] },
	{ id: "M23", what: "a timeout beyond the safe integers", file: '{"forwardingTimeoutMs": 1e300}', issues: [TIMEOUT] },
	{
		id: "M24",
		what: "a row budget given as a boolean",
		file: '{"promptMaxRows": true}',
		issues: [
			{
				keyPath: ["promptMaxRows"],
				message: "`promptMaxRows` must be a whole number of at least 1",
				hint: "use a number of rows, e.g. `24`",
			},
		],
	},
	{
		id: "M25",
		what: "a flag written as a string",
		file: '{"debugLog": "yes"}',
		issues: [
			{
				keyPath: ["debugLog"],
				message: "`debugLog` must be `true` or `false`",
				hint: "write `true` or `false` without quotes",
			},
		],
	},
	{
		id: "M26",
		what: "a $schema that is not text",
		file: '{"$schema": 1}',
		issues: [
			{
				keyPath: ["$schema"],
				message: "`$schema` must be text",
				hint: "use the schema URL `https://unpkg.com/@pi-permissions/policy/schema/config.schema.json`",
			},
		],
	},
	{
		id: "M27",
		what: "an empty read path",
		file: '{"piInfrastructureReadPaths": ["~/.cache/x/**", ""]}',
		issues: [
			{
				keyPath: ["piInfrastructureReadPaths", 1],
				message: "a read path must be non-empty text, not empty text",
				hint: "write a directory or glob, e.g. `~/.cache/my-tool/**`, or remove the entry",
			},
		],
	},
	{
		id: "M28",
		what: "read paths given as one string",
		file: '{"piInfrastructureReadPaths": "~/.cache/x"}',
		issues: [
			{
				keyPath: ["piInfrastructureReadPaths"],
				message: "`piInfrastructureReadPaths` must be a list of paths",
				hint: 'e.g. `["~/.cache/my-tool/**"]`',
			},
		],
	},
	{
		id: "M29",
		what: "a duplicate chain link",
		file: '{"authorizerChain": ["model-judge", "policy-bot", "model-judge"]}',
		issues: [
			{
				keyPath: ["authorizerChain", 2],
				message: "link `model-judge` is listed more than once",
				hint: "list each link once; remove this entry",
			},
		],
	},
	{
		id: "M30",
		what: "a chain link that is a number",
		file: '{"authorizerChain": [7]}',
		issues: [
			{
				keyPath: ["authorizerChain", 0],
				message: "a link name must be non-empty text, not the number `7`",
				hint: "write the name of a registered link, or remove the entry",
			},
		],
	},
	{
		id: "M31",
		what: "a shell tool without commandArgument",
		file: '{"shellTools": {"run_shell": {"workdirArgument": "cwd"}}}',
		issues: [
			{
				keyPath: ["shellTools", "run_shell", "commandArgument"],
				message: "`commandArgument` is required",
				hint: 'name the argument that holds the command, e.g. `"command"`',
			},
		],
	},
	{
		id: "M32",
		what: "a shell tool given as a string",
		file: '{"shellTools": {"run_shell": "command"}}',
		issues: [
			{
				keyPath: ["shellTools", "run_shell"],
				message: "a shell tool must be an object, not the text `command`",
				hint: 'e.g. `{ "run_shell": { "commandArgument": "command", "workdirArgument": "cwd" } }`',
			},
		],
	},
	{
		id: "M33",
		what: "a text file instead of an object",
		file: '"x"',
		issues: [{ keyPath: [], message: "the config must be an object, not the text `x`", hint: FILE_HINT }],
	},
	{
		id: "M34",
		what: "a number instead of an object",
		file: "3",
		issues: [{ keyPath: [], message: "the config must be an object, not the number `3`", hint: FILE_HINT }],
	},
	{
		id: "M35",
		what: "a list instead of an object",
		file: "[]",
		issues: [{ keyPath: [], message: "the config must be an object, not a list", hint: FILE_HINT }],
	},
	{
		id: "M36",
		what: "null instead of an object",
		file: "null",
		issues: [{ keyPath: [], message: "the config must be an object, not `null`", hint: FILE_HINT }],
	},
	{
		id: "M37",
		what: "true instead of an object",
		file: "true",
		issues: [{ keyPath: [], message: "the config must be an object, not `true`", hint: FILE_HINT }],
	},
	{
		id: "M38",
		what: "__proto__ keys in the permission records",
		file: '{"permission": {"__proto__": "allow", "bash": {"__proto__": "deny"}}, "shellTools": {"__proto__": {"commandArgument": "c"}}}',
		issues: [
			{
				keyPath: ["permission", "__proto__"],
				message: "the key `__proto__` is not allowed",
				hint: "rename the key, or remove it",
			},
			{
				keyPath: ["permission", "bash", "__proto__"],
				message: "the key `__proto__` is not allowed",
				hint: "rename the key, or remove it",
			},
			{
				keyPath: ["shellTools", "__proto__"],
				message: "the key `__proto__` is not allowed",
				hint: "rename the key, or remove it",
			},
		],
	},
	{
		id: "M39",
		what: "inherited names used as top-level keys",
		file: '{"constructor": {}, "__proto__": {}}',
		issues: [
			{
				keyPath: ["constructor"],
				message: "unknown key `constructor`",
				hint: "use one of `$schema`, `debugLog`, `permissionReviewLog`, `yoloMode`, `doublePressToConfirm`, `forwardingTimeoutMs`, `promptMaxRows`, `promptFieldMaxWidth`, `reviewLogFieldMaxWidth`, `toolInputPreviewMaxLength`, `toolTextSummaryMaxLength`, `piInfrastructureReadPaths`, `protectedPaths`, `authorizerChain`, `knownTools`, `promptPingBell`, `promptPingDesktop`, `promptPingDelaySeconds`, `permission`, `shellTools`, `tests`, `sandbox`, `defaultMode`, `allowedModes`, `disableYolo`, `requireSandbox`, `allowManagedRulesOnly` or `telemetry`, or remove the key",
			},
			{
				keyPath: ["__proto__"],
				message: "unknown key `__proto__`",
				hint: "use one of `$schema`, `debugLog`, `permissionReviewLog`, `yoloMode`, `doublePressToConfirm`, `forwardingTimeoutMs`, `promptMaxRows`, `promptFieldMaxWidth`, `reviewLogFieldMaxWidth`, `toolInputPreviewMaxLength`, `toolTextSummaryMaxLength`, `piInfrastructureReadPaths`, `protectedPaths`, `authorizerChain`, `knownTools`, `promptPingBell`, `promptPingDesktop`, `promptPingDelaySeconds`, `permission`, `shellTools`, `tests`, `sandbox`, `defaultMode`, `allowedModes`, `disableYolo`, `requireSandbox`, `allowManagedRulesOnly` or `telemetry`, or remove the key",
			},
		],
	},
	{
		id: "M40",
		what: "a newline inside a bad action",
		file: '{"permission": {"bash": {"x": "allow\\nrm -rf /"}}}',
		issues: [
			{ keyPath: ["permission", "bash", "x"], message: "`allow\\nrm -rf /` is not an action", hint: ACTION_HINT },
		],
	},
	{
		id: "M41",
		what: "several problems at once, each reported",
		file: '{"yoloMode": 1, "permission": {"bash": {"": "allow", "x": "nope"}}, "extra": true}',
		issues: [
			{
				keyPath: ["yoloMode"],
				message: "`yoloMode` must be `true` or `false`",
				hint: "write `true` or `false` without quotes",
			},
			{
				keyPath: ["permission", "bash", ""],
				message: "a pattern is empty",
				hint: "use `*` to match everything, or write the value to match",
			},
			{ keyPath: ["permission", "bash", "x"], message: "`nope` is not an action", hint: ACTION_HINT },
			{
				keyPath: ["extra"],
				message: "unknown key `extra`",
				hint: "use one of `$schema`, `debugLog`, `permissionReviewLog`, `yoloMode`, `doublePressToConfirm`, `forwardingTimeoutMs`, `promptMaxRows`, `promptFieldMaxWidth`, `reviewLogFieldMaxWidth`, `toolInputPreviewMaxLength`, `toolTextSummaryMaxLength`, `piInfrastructureReadPaths`, `protectedPaths`, `authorizerChain`, `knownTools`, `promptPingBell`, `promptPingDesktop`, `promptPingDelaySeconds`, `permission`, `shellTools`, `tests`, `sandbox`, `defaultMode`, `allowedModes`, `disableYolo`, `requireSandbox`, `allowManagedRulesOnly` or `telemetry`, or remove the key",
			},
		],
	},
];

/** CFG-A from the corpus, as file text: key order matters because the last matching pattern wins. */
export const CFG_A_FILE = `{ "permission": { "*": "ask", "bash": {
    "*": "ask", "git *": "ask", "git status": "allow", "cd *": "allow",
    "npm *": { "action": "deny", "reason": "Use pnpm instead" },
    "rm -rf *": "deny", "echo *": "allow", "ls *": "allow",
    "aws *": "allow", "bash *": "allow", "find *": "allow" } } }`;

/** A config that sets every key of the schema (the three deprecated ones included). */
export const EVERY_KEY_FILE = `{
  "$schema": "https://unpkg.com/@pi-permissions/policy/schema/config.schema.json",
  "debugLog": true,
  "permissionReviewLog": false,
  "yoloMode": true,
  "doublePressToConfirm": false,
  "forwardingTimeoutMs": 30000,
  "promptMaxRows": 12,
  "promptFieldMaxWidth": 200,
  "reviewLogFieldMaxWidth": 2000,
  "toolInputPreviewMaxLength": 80,
  "toolTextSummaryMaxLength": 120,
  "piInfrastructureReadPaths": ["~/.cache/pi/**", "$HOME/.config/pi"],
  "authorizerChain": ["model-judge", "policy-bot"],
  "permission": {
    "*": "ask",
    "read": "allow",
    "bash": { "*": "ask", "git status": "allow", "npm *": { "action": "deny", "reason": "Use pnpm instead" }, "rm *": { "action": "deny" } },
    "mcp": { "*": "ask", "exa:*": "allow" },
    "constructor": { "toString": "deny" }
  },
  "shellTools": {
    "run_shell": { "commandArgument": "command", "workdirArgument": "cwd" },
    "exec": { "commandArgument": "cmd" }
  }
}`;
