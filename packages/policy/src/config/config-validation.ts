/**
 * Owns: `validateConfig`, the loader-facing check of one parsed config value against the zod schema.
 * Never: throws, reads a file, or merges scopes; every problem becomes a `ConfigIssue` with a key path and a fix.
 */
import type * as z from "zod";
import { err, ok, type Result } from "../result";
import { type ConfigIssue, configError, configWarning, quote, unknownKeyIssue } from "./config-issue";
import {
	allowUntilSchema,
	configSchema,
	DEPRECATED_CONFIG_KEYS,
	denyWithReasonSchema,
	policyExampleSchema,
	shellToolSchema,
} from "./config-schema";
import { emptyKeyIssue, reservedKeyIssue, valueIssue } from "./config-value-issue";
import type { PermissionConfig } from "./permission-config";
import { judgeSurfaceKey } from "./surface-keys";

/** A config that passed validation, with the warnings it produced (deprecated keys). */
interface ValidatedConfig {
	readonly config: PermissionConfig;
	readonly warnings: readonly ConfigIssue[];
}

type KeyPath = readonly (string | number)[];

/** At most this many errors are listed; the rest are counted in one final issue. */
export const MAX_CONFIG_ISSUES = 50;

const TOP_LEVEL_KEYS: readonly string[] = Object.keys(configSchema.shape);
const SHELL_TOOL_KEYS: readonly string[] = Object.keys(shellToolSchema.shape);
const DENY_RULE_KEYS: readonly string[] = Object.keys(denyWithReasonSchema.shape);
const ENDING_RULE_KEYS: readonly string[] = Object.keys(allowUntilSchema.shape);
const EXAMPLE_KEYS: readonly string[] = Object.keys(policyExampleSchema.shape);

/**
 * Checks one parsed config value (a whole file, or one agent's frontmatter block).
 * On success the config is a fresh copy of the input with the same keys and order; on failure every error is
 * listed (up to `MAX_CONFIG_ISSUES`), followed by the warnings. Never throws, whatever `raw` is.
 */
export function validateConfig(raw: unknown): Result<ValidatedConfig, readonly ConfigIssue[]> {
	try {
		return validateUnguarded(raw);
	} catch {
		// SECURITY: a throwing getter or proxy must not escape as an exception; the scope becomes invalid instead.
		return err([
			configError([], "the config could not be read as plain data", "make sure the file holds only JSON values"),
		]);
	}
}

function validateUnguarded(raw: unknown): Result<ValidatedConfig, readonly ConfigIssue[]> {
	const parsed = configSchema.safeParse(raw, { reportInput: false });
	const surfaceKeys = surfaceKeyIssues(raw);
	const errors = capped(
		[...reservedKeyIssues(raw), ...surfaceKeys.filter((issue) => issue.severity === "error")],
		parsed.success ? [] : parsed.error.issues,
		raw,
	);
	const warnings = [...deprecationWarnings(raw), ...surfaceKeys.filter((issue) => issue.severity === "warning")];
	if (parsed.success && errors.length === 0) {
		return ok({ config: parsed.data, warnings });
	}
	// INVARIANT: a rejected config always carries at least one error, so no caller mistakes it for a clean one.
	const fallback =
		errors.length > 0 ? [] : [configError([], "the config is not valid", "compare it with the config schema")];
	return err([...errors, ...fallback, ...warnings]);
}

function capped(first: readonly ConfigIssue[], zodIssues: readonly z.core.$ZodIssue[], raw: unknown): ConfigIssue[] {
	const listed = first.slice(0, MAX_CONFIG_ISSUES);
	let more = first.length - listed.length;
	for (const describe of issuesFrom(zodIssues, [], raw)) {
		// Issues past the cap are only counted, never worded, so a file with a million bad keys stays linear.
		if (listed.length < MAX_CONFIG_ISSUES) listed.push(describe());
		else more += 1;
	}
	if (more > 0) {
		listed.push(
			configError(
				[],
				`…and ${more} more ${more === 1 ? "issue" : "issues"}`,
				"fix the issues above, then check the file again",
			),
		);
	}
	return listed;
}

/**
 * Turns zod issues into (lazily worded) config issues. A union failure is explained by the one branch the value was
 * meant for (the branch that did not reject the value's kind outright); if no branch fits, the location words it.
 */
function* issuesFrom(issues: readonly z.core.$ZodIssue[], prefix: KeyPath, raw: unknown): Generator<() => ConfigIssue> {
	for (const issue of issues) {
		const keyPath = [...prefix, ...issue.path.map(pathKey)];
		switch (issue.code) {
			case "unrecognized_keys":
				for (const key of issue.keys) yield () => unknownKeyIssue(keyPath, key, knownKeysAt(keyPath, raw));
				break;
			case "invalid_key":
				yield () => emptyKeyIssue(keyPath);
				break;
			case "invalid_union": {
				const fitting = issue.errors.filter((branch) => !branch.some(rejectsKind));
				const meant = fitting.length < 2 ? fitting : meantRuleObject(fitting, valueAt(raw, keyPath));
				const [only] = meant;
				if (meant.length === 1 && only !== undefined) yield* issuesFrom(only, keyPath, raw);
				else yield () => valueIssue(keyPath, valueAt(raw, keyPath), valueAt(raw, keyPath.slice(0, -1)), false);
				break;
			}
			case "too_big":
			case "invalid_type":
			case "too_small":
			case "invalid_format":
			case "not_multiple_of":
			case "invalid_element":
			case "invalid_value":
			case "custom":
				yield () =>
					valueIssue(keyPath, valueAt(raw, keyPath), valueAt(raw, keyPath.slice(0, -1)), issue.code === "too_big");
				break;
			default: {
				const unhandled: never = issue;
				throw new Error(`unhandled zod issue ${String(unhandled)}`);
			}
		}
	}
}

/**
 * A rule object is a deny with a reason or an allow with an end (ADR 0061): the one written with `expires` is meant
 * as the latter, any other as the former, so a deny object's mistakes are worded as before ends existed.
 */
function meantRuleObject(branches: z.core.$ZodIssue[][], value: unknown): z.core.$ZodIssue[][] {
	if (typeof value !== "object" || value === null) return branches;
	const ends = Object.hasOwn(value, "expires");
	const refusesEnd = (branch: z.core.$ZodIssue[]) =>
		branch.some((issue) => issue.code === "unrecognized_keys" && issue.keys.includes("expires"));
	const needsEnd = (branch: z.core.$ZodIssue[]) =>
		branch.some((issue) => issue.code === "invalid_type" && issue.path.length === 1 && issue.path[0] === "expires");
	return branches.filter((branch) => (ends ? !refusesEnd(branch) : !needsEnd(branch)));
}

function rejectsKind(issue: z.core.$ZodIssue): boolean {
	return issue.path.length === 0 && (issue.code === "invalid_type" || issue.code === "invalid_value");
}

function pathKey(key: PropertyKey): string | number {
	return typeof key === "symbol" ? String(key) : key;
}

function knownKeysAt(keyPath: KeyPath, raw: unknown): readonly string[] {
	if (keyPath.length === 0) return TOP_LEVEL_KEYS;
	if (keyPath.length === 2 && keyPath[0] === "shellTools") return SHELL_TOOL_KEYS;
	if (keyPath.length === 3 && keyPath[0] === "permission") {
		const rule = valueAt(raw, keyPath);
		const ends = typeof rule === "object" && rule !== null && Object.hasOwn(rule, "expires");
		return ends ? ENDING_RULE_KEYS : DENY_RULE_KEYS;
	}
	if (keyPath.length === 2 && keyPath[0] === "tests") return EXAMPLE_KEYS;
	return [];
}

/** The raw value at `keyPath`, reading own properties only; `undefined` when the path does not exist. */
function valueAt(raw: unknown, keyPath: KeyPath): unknown {
	let current = raw;
	for (const key of keyPath) {
		if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
		current = (current as Readonly<Record<string | number, unknown>>)[key];
	}
	return current;
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `__proto__` keys in the two records of the file. zod drops such a key without a word, which would silently
 * discard a rule, so they are errors. (Strict objects already report `__proto__` as an unknown key.)
 */
function* reservedKeyIssues(raw: unknown): Generator<ConfigIssue> {
	if (!isPlainRecord(raw)) return;
	const permission = Object.hasOwn(raw, "permission") ? raw.permission : undefined;
	if (isPlainRecord(permission)) {
		// SECURITY: a dropped key is a dropped rule; reject it instead of losing it.
		if (Object.hasOwn(permission, "__proto__")) yield reservedKeyIssue(["permission", "__proto__"]);
		for (const [surface, value] of Object.entries(permission)) {
			if (isPlainRecord(value) && Object.hasOwn(value, "__proto__")) {
				yield reservedKeyIssue(["permission", surface, "__proto__"]);
			}
		}
	}
	const shellTools = Object.hasOwn(raw, "shellTools") ? raw.shellTools : undefined;
	if (isPlainRecord(shellTools) && Object.hasOwn(shellTools, "__proto__")) {
		yield reservedKeyIssue(["shellTools", "__proto__"]);
	}
}

/** Warnings listed per file at most; the rest are counted in one final warning. */
const MAX_SURFACE_KEY_WARNINGS = 20;

/**
 * Keys under `permission` that name nothing the gates evaluate. A near miss of a known surface (`paths`, `Bash`) is
 * an error: its rules would silently match nothing. Any other unknown key is a warning naming how to silence it.
 */
function surfaceKeyIssues(raw: unknown): ConfigIssue[] {
	if (!isPlainRecord(raw)) return [];
	const permission = Object.hasOwn(raw, "permission") ? raw.permission : undefined;
	if (!isPlainRecord(permission)) return [];
	const declared = new Set<string>();
	const known = Object.hasOwn(raw, "knownTools") ? raw.knownTools : undefined;
	if (Array.isArray(known)) for (const name of known) if (typeof name === "string") declared.add(name);
	const shell = Object.hasOwn(raw, "shellTools") ? raw.shellTools : undefined;
	if (isPlainRecord(shell)) for (const name of Object.keys(shell)) declared.add(name);
	const issues: ConfigIssue[] = [];
	let unknown = 0;
	for (const key of Object.keys(permission)) {
		if (key === "" || key === "__proto__") continue; // reported elsewhere
		const judged = judgeSurfaceKey(key, declared);
		switch (judged.kind) {
			case "known":
				break;
			case "near-miss":
				// SECURITY: ADR 0022: `"paths": {"*.env": "deny"}` validated cleanly and denied nothing.
				issues.push(
					configError(
						["permission", key],
						`${quote(key)} is not a surface or a known tool`,
						`did you mean ${quote(judged.suggestion)}? (if ${quote(key)} really is a tool, list it in \`knownTools\`)`,
					),
				);
				break;
			case "unknown":
				unknown += 1;
				if (unknown <= MAX_SURFACE_KEY_WARNINGS) {
					issues.push(
						configWarning(
							["permission", key],
							`${quote(key)} is not a surface or a built-in tool; its rules apply only if a tool of that name exists`,
							`if ${quote(key)} is an extension's tool, add it to \`knownTools\` to silence this warning; otherwise fix the name`,
						),
					);
				}
				break;
			default: {
				const unhandled: never = judged;
				throw new Error(`unhandled surface key judgement ${String(unhandled)}`);
			}
		}
	}
	if (unknown > MAX_SURFACE_KEY_WARNINGS) {
		issues.push(
			configWarning(
				["permission"],
				`…and ${unknown - MAX_SURFACE_KEY_WARNINGS} more keys that are not surfaces or built-in tools`,
				"list extension tools in `knownTools`",
			),
		);
	}
	return issues;
}

function deprecationWarnings(raw: unknown): ConfigIssue[] {
	if (!isPlainRecord(raw)) return [];
	return DEPRECATED_CONFIG_KEYS.filter((key) => Object.hasOwn(raw, key)).map((key) =>
		configWarning([key], `${quote(key)} is deprecated and has no effect`, "remove the key"),
	);
}
