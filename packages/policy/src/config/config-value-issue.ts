/**
 * Owns: the wording of "this value is wrong" and "this key is wrong", chosen by where in the config the value sits.
 * Never: decides validity (zod does) or reads past the known shape of the file; the raw value is only described.
 */

import { PERMISSION_MODES } from "../modes/permission-mode";
import { type ConfigIssue, configError, describeValue, quote } from "./config-issue";
import { CONFIG_SCHEMA_ID } from "./config-json-schema";
import { MAX_DENY_REASON_LENGTH } from "./config-schema";

type KeyPath = readonly (string | number)[];

/** Where a value sits in the config, which decides how a problem with it is worded. */
type ConfigLocation =
	| { readonly kind: "file" }
	| { readonly kind: "flag"; readonly key: string }
	| { readonly kind: "count"; readonly key: string }
	| { readonly kind: "schema-url" }
	| { readonly kind: "name-list"; readonly key: string }
	| { readonly kind: "read-path" }
	| { readonly kind: "chain-link" }
	| { readonly kind: "known-tool" }
	| { readonly kind: "permission" }
	| { readonly kind: "surface" }
	| { readonly kind: "pattern" }
	| { readonly kind: "deny-action" }
	| { readonly kind: "deny-reason" }
	| { readonly kind: "rule-expires" }
	| { readonly kind: "shell-tools" }
	| { readonly kind: "shell-tool" }
	| { readonly kind: "shell-tool-argument"; readonly key: string }
	/** `tests`, one example in it, or one field of an example */
	| { readonly kind: "examples" }
	| { readonly kind: "example" }
	| { readonly kind: "example-field"; readonly key: string }
	| { readonly kind: "sandbox"; readonly key: string }
	| { readonly kind: "ping-desktop" }
	/** `defaultMode`, or one entry of `allowedModes` (ADR 0054) */
	| { readonly kind: "mode" }
	| { readonly kind: "mode-list" }
	/** the `telemetry` block (ADR 0055), worded as one place */
	| { readonly kind: "telemetry"; readonly key: string }
	| { readonly kind: "other" };

const FLAG_KEYS = new Set([
	"debugLog",
	"permissionReviewLog",
	"yoloMode",
	"doublePressToConfirm",
	"promptPingBell",
	"disableYolo",
	"requireSandbox",
	"allowManagedRulesOnly",
]);

const COUNT_HINTS: ReadonlyMap<string, string> = new Map([
	["forwardingTimeoutMs", "use a timeout in milliseconds, e.g. `600000`"],
	["promptMaxRows", "use a number of rows, e.g. `24`"],
	["promptFieldMaxWidth", "use a number of characters, e.g. `400`"],
	["reviewLogFieldMaxWidth", "use a number of characters, e.g. `1000`"],
	["promptPingDelaySeconds", "use a number of seconds, e.g. `15`"],
	["toolInputPreviewMaxLength", "remove the key; it no longer has any effect"],
	["toolTextSummaryMaxLength", "remove the key; it no longer has any effect"],
]);

/**
 * The top-level keys with a wording of their own: for the value (depth 1) and for one entry of it (depth 2); an
 * entry of `$schema`, `promptPingDesktop` or `protectedPaths` has none.
 */
const TOP_LEVEL_KEYS: ReadonlyMap<string, KeyWording> = new Map([
	["$schema", { value: { kind: "schema-url" }, entry: { kind: "other" } }],
	["promptPingDesktop", { value: { kind: "ping-desktop" }, entry: { kind: "other" } }],
	["piInfrastructureReadPaths", { value: nameList("piInfrastructureReadPaths"), entry: { kind: "read-path" } }],
	["protectedPaths", { value: nameList("protectedPaths"), entry: { kind: "other" } }],
	["authorizerChain", { value: nameList("authorizerChain"), entry: { kind: "chain-link" } }],
	["knownTools", { value: nameList("knownTools"), entry: { kind: "known-tool" } }],
	["permission", { value: { kind: "permission" }, entry: { kind: "surface" } }],
	["shellTools", { value: { kind: "shell-tools" }, entry: { kind: "shell-tool" } }],
	["tests", { value: { kind: "examples" }, entry: { kind: "example" } }],
	["defaultMode", { value: { kind: "mode" }, entry: { kind: "other" } }],
	["allowedModes", { value: { kind: "mode-list" }, entry: { kind: "mode" } }],
]);

interface KeyWording {
	readonly value: ConfigLocation;
	readonly entry: ConfigLocation;
}

function nameList(key: string): ConfigLocation {
	return { kind: "name-list", key };
}

/** Classifies a key path against the known shape of the file. */
export function locateConfigPath(keyPath: KeyPath): ConfigLocation {
	const [top, second, third, fourth] = keyPath;
	// The `sandbox` block (ADR 0037) is worded as one place, whatever the depth.
	if (top === "sandbox") return { kind: "sandbox", key: keyPath.slice(1).join(".") };
	if (top === "telemetry") return { kind: "telemetry", key: keyPath.slice(1).join(".") };
	switch (keyPath.length) {
		case 0:
			return { kind: "file" };
		case 1:
			if (typeof top !== "string") return { kind: "other" };
			if (FLAG_KEYS.has(top)) return { kind: "flag", key: top };
			if (COUNT_HINTS.has(top)) return { kind: "count", key: top };
			return TOP_LEVEL_KEYS.get(top)?.value ?? { kind: "other" };
		case 2:
			return (typeof top === "string" ? TOP_LEVEL_KEYS.get(top)?.entry : undefined) ?? { kind: "other" };
		case 3:
			if (top === "permission") return { kind: "pattern" };
			if (top === "tests" && typeof third === "string") return { kind: "example-field", key: third };
			if (top === "shellTools" && (third === "commandArgument" || third === "workdirArgument")) {
				return { kind: "shell-tool-argument", key: third };
			}
			return { kind: "other" };
		case 4:
			if (top !== "permission" || second === undefined) return { kind: "other" };
			if (fourth === "action") return { kind: "deny-action" };
			if (fourth === "reason") return { kind: "deny-reason" };
			if (fourth === "expires") return { kind: "rule-expires" };
			return { kind: "other" };
		default:
			return { kind: "other" };
	}
}

const ACTION_HINT = 'use one of `allow`, `ask`, `deny`, or `{ "action": "deny", "reason": "…" }`';
const SURFACE_HINT =
	'use one of `allow`, `ask`, `deny`, or an object that maps patterns to actions, e.g. `{ "*": "ask", "git status": "allow" }`';
const SHELL_TOOL_HINT = 'e.g. `{ "run_shell": { "commandArgument": "command", "workdirArgument": "cwd" } }`';

/**
 * The issue for a value the schema rejected. `value` is the raw value at `keyPath` (`undefined` when missing),
 * `parent` the raw object holding it, and `tooLong` whether the only problem is its length.
 */
export function valueIssue(keyPath: KeyPath, value: unknown, parent: unknown, tooLong: boolean): ConfigIssue {
	const location = locateConfigPath(keyPath);
	switch (location.kind) {
		case "file":
			return configError(
				keyPath,
				`the config must be an object, not ${describeValue(value)}`,
				'wrap the settings in braces, e.g. `{ "permission": { "*": "ask" } }`',
			);
		case "flag":
			return configError(
				keyPath,
				`${quote(location.key)} must be \`true\` or \`false\``,
				"write `true` or `false` without quotes",
			);
		case "count":
			return configError(
				keyPath,
				`${quote(location.key)} must be a whole number of at least 1`,
				COUNT_HINTS.get(location.key) ?? "use a whole number of at least 1",
			);
		case "schema-url":
			return configError(keyPath, "`$schema` must be text", `use the schema URL \`${CONFIG_SCHEMA_ID}\``);
		case "ping-desktop":
			return configError(
				keyPath,
				`\`promptPingDesktop\` must be \`off\`, \`osc9\` or \`osc777\`, not ${describeValue(value)}`,
				"use `osc9` for iTerm2, WezTerm, kitty or Windows Terminal, `osc777` for Ghostty, foot or rxvt-unicode, or `off`",
			);
		case "name-list":
			if (location.key === "knownTools") {
				return configError(keyPath, "`knownTools` must be a list of tool names", 'e.g. `["my_tool"]`');
			}
			return location.key === "authorizerChain"
				? configError(
						keyPath,
						"`authorizerChain` must be a list of link names",
						'e.g. `["model-judge"]`, or `[]` for none',
					)
				: configError(keyPath, `${quote(location.key)} must be a list of paths`, 'e.g. `["~/.cache/my-tool/**"]`');
		case "read-path":
			return configError(
				keyPath,
				`a read path must be non-empty text, not ${describeValue(value)}`,
				"write a directory or glob, e.g. `~/.cache/my-tool/**`, or remove the entry",
			);
		case "chain-link":
			return nameListEntryIssue(keyPath, value, "link", "write the name of a registered link, or remove the entry");
		case "known-tool":
			return nameListEntryIssue(keyPath, value, "tool", "write the tool's name, or remove the entry");
		case "permission":
			return configError(
				keyPath,
				"`permission` must be an object that maps surfaces to actions",
				'e.g. `{ "*": "ask", "bash": { "git status": "allow" } }`',
			);
		case "surface":
			return typeof value === "string"
				? configError(keyPath, `${quote(value)} is not an action`, SURFACE_HINT)
				: configError(
						keyPath,
						`a surface must map to an action or to patterns, not ${describeValue(value)}`,
						SURFACE_HINT,
					);
		case "pattern":
			return typeof value === "string"
				? configError(keyPath, `${quote(value)} is not an action`, ACTION_HINT)
				: configError(keyPath, `a pattern must map to an action, not ${describeValue(value)}`, ACTION_HINT);
		case "deny-action":
			return denyActionIssue(keyPath, value, parent);
		case "deny-reason":
			return tooLong && typeof value === "string"
				? configError(
						keyPath,
						`the reason is ${value.length} characters long; at most ${MAX_DENY_REASON_LENGTH} are allowed`,
						`shorten the reason to ${MAX_DENY_REASON_LENGTH} characters or fewer`,
					)
				: configError(
						keyPath,
						`a reason must be text, not ${describeValue(value)}`,
						'write the reason in quotes, e.g. `"Use pnpm instead"`',
					);
		case "rule-expires":
			return configError(
				keyPath,
				`${typeof value === "string" ? quote(value) : describeValue(value)} is not a UTC date or instant`,
				'write the day the rule ends, e.g. `"2026-12-31"` (it ends at 00:00 UTC), or an instant such as `"2026-12-31T18:00Z"`',
			);
		case "shell-tools":
			return configError(
				keyPath,
				"`shellTools` must be an object that maps tool names to their arguments",
				SHELL_TOOL_HINT,
			);
		case "shell-tool":
			return configError(keyPath, `a shell tool must be an object, not ${describeValue(value)}`, SHELL_TOOL_HINT);
		case "shell-tool-argument":
			return value === undefined
				? configError(
						keyPath,
						`${quote(location.key)} is required`,
						'name the argument that holds the command, e.g. `"command"`',
					)
				: configError(
						keyPath,
						`${quote(location.key)} must be text`,
						'name the tool argument in quotes, e.g. `"command"`',
					);
		case "examples":
			return configError(
				keyPath,
				"`tests` must be a list of example calls",
				'e.g. `[{ "tool": "bash", "command": "git status", "expect": "allow" }]`',
			);
		case "example":
			return configError(
				keyPath,
				isPlainObject(value)
					? "an example needs a `tool`, an `expect` and exactly one of `command`, `path` or `input`"
					: `an example must be an object, not ${describeValue(value)}`,
				'e.g. `{ "tool": "read", "path": "~/.ssh/id_rsa", "expect": "deny" }`',
			);
		case "example-field":
			return configError(
				keyPath,
				exampleFieldMessage(location.key, value),
				EXAMPLE_FIELD_HINTS[location.key] ?? EXAMPLE_HINT,
			);
		case "sandbox":
			return configError(
				keyPath,
				location.key === ""
					? `\`sandbox\` must be an object, not ${describeValue(value)}`
					: `\`sandbox.${location.key}\` is not valid: ${describeValue(value)}`,
				'e.g. `{ "mode": "auto", "network": { "allowedDomains": ["registry.npmjs.org"] } }`; `mode` is `off`, `auto` or `required`',
			);
		case "mode":
			return typeof value === "string" && (PERMISSION_MODES as readonly string[]).includes(value)
				? configError(keyPath, `the mode ${quote(value)} is listed more than once`, "list each mode once")
				: configError(keyPath, `${describeValue(value)} is not a mode`, MODE_HINT);
		case "mode-list":
			return configError(
				keyPath,
				"`allowedModes` must be a list of at least one mode",
				`e.g. \`["default", "plan"]\`; ${MODE_HINT}`,
			);
		case "telemetry":
			return configError(
				keyPath,
				location.key === ""
					? `\`telemetry\` must be an object, not ${describeValue(value)}`
					: `\`telemetry.${location.key}\` is not valid: ${describeValue(value)}`,
				'e.g. `{ "endpoint": "https://otel.example.com/v1/logs", "headers": { "x-api-key": "…" } }`',
			);
		case "other":
			return configError(
				keyPath,
				`this value is not valid: ${describeValue(value)}`,
				"compare it with the config schema",
			);
		default: {
			const unhandled: never = location;
			throw new Error(`unhandled config location ${String(unhandled)}`);
		}
	}
}

const MODE_HINT = `use one of ${PERMISSION_MODES.map((mode) => `\`${mode}\``).join(", ")}`;

const EXAMPLE_HINT = 'e.g. `{ "tool": "bash", "command": "git push origin main", "expect": "ask" }`';

const EXAMPLE_FIELD_HINTS: Readonly<Record<string, string>> = {
	expect: "use one of `allow`, `ask`, `deny`",
	tool: 'name the tool, e.g. `"bash"` or `"read"`',
	command: 'write the command text, e.g. `"git status"`',
	path: 'write the path, e.g. `"~/.ssh/id_rsa"`',
	input: 'write the tool input as an object, e.g. `{ "path": "a.txt" }`',
	agent: "write the agent's name",
	name: "write a short name, or remove the key",
};

function exampleFieldMessage(key: string, value: unknown): string {
	if (value === undefined) return `an example needs ${quote(key)}`;
	return `${quote(key)} of an example is not valid: ${describeValue(value)}`;
}

/** An entry of a list of unique names: a repeated name, or one that is not non-empty text. */
function nameListEntryIssue(keyPath: KeyPath, value: unknown, noun: string, emptyHint: string): ConfigIssue {
	return typeof value === "string" && value.length > 0
		? configError(
				keyPath,
				`${noun} ${quote(value)} is listed more than once`,
				`list each ${noun} once; remove this entry`,
			)
		: configError(keyPath, `a ${noun} name must be non-empty text, not ${describeValue(value)}`, emptyHint);
}

function isPlainObject(value: unknown): boolean {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function denyActionIssue(keyPath: KeyPath, action: unknown, rule: unknown): ConfigIssue {
	const hasReason = typeof rule === "object" && rule !== null && Object.hasOwn(rule, "reason");
	if (action === "allow" || action === "ask") {
		return hasReason
			? configError(
					[...keyPath.slice(0, -1), "reason"],
					`only a \`deny\` rule can carry a reason, and this one is ${quote(action)}`,
					`write ${quote(action)} as a plain string without a reason, or change the action to \`deny\``,
				)
			: configError(keyPath, "the object form is only for `deny`", `write ${quote(action)} as a plain string`);
	}
	const hint = 'add `"action": "deny"`, or write `allow` or `ask` as a plain string';
	return action === undefined
		? configError(keyPath.slice(0, -1), 'a rule object needs `"action": "deny"`', hint)
		: configError(keyPath, `${describeValue(action)} is not an action for a rule object`, hint);
}

/** The issue for an empty (or otherwise unusable) record key at `keyPath`. */
export function emptyKeyIssue(keyPath: KeyPath): ConfigIssue {
	switch (keyPath.length === 2 ? keyPath[0] : keyPath.length === 3 ? "pattern" : undefined) {
		case "permission":
			return configError(keyPath, "a surface name is empty", "use a tool name such as `bash`, or `*` for every tool");
		case "pattern":
			return configError(keyPath, "a pattern is empty", "use `*` to match everything, or write the value to match");
		case "shellTools":
			return configError(keyPath, "a tool name is empty", "use the name of the tool that runs shell commands");
		default:
			return configError(keyPath, "a key is empty", "give the key a name, or remove it");
	}
}

/** The issue for a `__proto__` key, which JavaScript objects cannot hold reliably. */
export function reservedKeyIssue(keyPath: KeyPath): ConfigIssue {
	return configError(keyPath, "the key `__proto__` is not allowed", "rename the key, or remove it");
}
