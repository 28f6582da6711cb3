/**
 * Owns: the managed scope as composition sees it (ADR 0055): what the loader found at the system location
 * (`ManagedOutcome`), the keys the managed file may hold, the rules of its tier (origin `managed`, composed last and
 * combined above every other scope), and the facts `/permissions` and `config show` report about it.
 * Never: reads the file or checks its ownership (the engine's reader does), or evaluates; `managed-tier.ts` combines.
 */
import { type ConfigIssue, configError, listNames, quote } from "../config/config-issue";
import { endOf } from "../config/grant-expiry";
import type { PatternValue, PermissionConfig } from "../config/permission-config";
import type { Rule } from "../rule";
import { UNIVERSAL_SURFACE } from "../rule";

/** What the loader found at the managed location. */
export type ManagedOutcome =
	/** Nothing is there (`file`: where it was looked for; `null` on a platform without a managed location). */
	| { readonly status: "absent"; readonly file: string | null }
	/** Owned by root, not writable by group or others, and valid. */
	| { readonly status: "trusted"; readonly file: string; readonly sha256: string; readonly config: PermissionConfig }
	/**
	 * Something is there that cannot be trusted (owner, mode, a link, unreadable): it is not read, and every call asks
	 * (fail closed: a managed file that exists is never silently dropped).
	 */
	| { readonly status: "refused"; readonly file: string; readonly problem: string; readonly fix: string }
	/** Trusted but invalid: its salvaged denies apply, and every other call asks. */
	| {
			readonly status: "invalid";
			readonly file: string;
			readonly sha256: string;
			readonly problem: string;
			readonly salvaged?: PermissionConfig;
	  };

/** The keys a managed file may hold; any other key makes it invalid (fail closed, loudly). */
export const MANAGED_KEYS: readonly (keyof PermissionConfig)[] = [
	"$schema",
	"permission",
	"protectedPaths",
	"knownTools",
	"allowedModes",
	"disableYolo",
	"requireSandbox",
	"allowManagedRulesOnly",
	"telemetry",
];

/** An error for every key of a valid config that the managed file may not hold. */
export function managedKeyIssues(config: PermissionConfig): ConfigIssue[] {
	const allowed = new Set<string>(MANAGED_KEYS);
	return Object.keys(config)
		.filter((key) => !allowed.has(key))
		.map((key) =>
			configError(
				[key],
				`${quote(key)} is not read from the managed file`,
				`remove it; the managed file holds ${listNames(
					MANAGED_KEYS.filter((name) => name !== "$schema"),
					"and",
				)}`,
			),
		);
}

/** What `/permissions` and `config show` say about the managed scope. */
export interface ManagedFacts {
	readonly file: string;
	readonly status: "trusted" | "refused" | "invalid";
	/** The file's sha256 (hex), when it was read. */
	readonly sha256: string | null;
	/** The keys in force (a trusted file's keys other than `$schema`); empty otherwise. */
	readonly keys: readonly string[];
	/** Why it is not in force, and the fix; `null` when trusted. */
	readonly problem: string | null;
}

export function managedFacts(outcome: ManagedOutcome): ManagedFacts | null {
	switch (outcome.status) {
		case "absent":
			return null;
		case "trusted":
			return {
				file: outcome.file,
				status: "trusted",
				sha256: outcome.sha256,
				keys: Object.keys(outcome.config).filter((key) => key !== "$schema"),
				problem: null,
			};
		case "refused":
			return {
				file: outcome.file,
				status: "refused",
				sha256: null,
				keys: [],
				problem: `${outcome.problem} (fix: ${outcome.fix})`,
			};
		case "invalid":
			return { file: outcome.file, status: "invalid", sha256: outcome.sha256, keys: [], problem: outcome.problem };
		default: {
			const unhandled: never = outcome;
			throw new Error(`unhandled managed outcome ${String(unhandled)}`);
		}
	}
}

/** The managed tier's "ask everything" rule of a file that exists but is not in force. */
const ASK_EVERYTHING: Rule = { surface: UNIVERSAL_SURFACE, pattern: "*", action: "ask", origin: "managed" };

/**
 * The rules of the managed tier, origin `managed`, in evaluation order (universal first, then each surface in file
 * order; the last match wins within the tier). A refused or invalid file asks every call (its salvaged denies kept).
 */
export function managedRules(outcome: ManagedOutcome): Rule[] {
	switch (outcome.status) {
		case "absent":
			return [];
		case "trusted":
			return permissionRules(outcome.config);
		case "refused":
			// SECURITY: a managed file that exists but cannot be trusted is never dropped: every call asks the person.
			return [ASK_EVERYTHING];
		case "invalid":
			// SECURITY: a broken managed file keeps its denies and asks everything else (ADR 0021, ADR 0055).
			return [ASK_EVERYTHING, ...(outcome.salvaged === undefined ? [] : permissionRules(outcome.salvaged))];
		default: {
			const unhandled: never = outcome;
			throw new Error(`unhandled managed outcome ${String(unhandled)}`);
		}
	}
}

function permissionRules(config: PermissionConfig): Rule[] {
	const universal: Rule[] = [];
	const rules: Rule[] = [];
	for (const [surface, value] of Object.entries(config.permission ?? {})) {
		const into = surface === UNIVERSAL_SURFACE ? universal : rules;
		if (typeof value === "string") {
			into.push({ surface, pattern: "*", action: value, origin: "managed" });
			continue;
		}
		for (const [pattern, patternValue] of Object.entries(value)) into.push(ruleOf(surface, pattern, patternValue));
	}
	return [...universal, ...rules];
}

function ruleOf(surface: string, pattern: string, value: PatternValue): Rule {
	if (typeof value === "string") return { surface, pattern, action: value, origin: "managed" };
	if (value.action === "allow") return { surface, pattern, action: "allow", expires: endOf(value), origin: "managed" };
	return value.reason === undefined
		? { surface, pattern, action: "deny", origin: "managed" }
		: { surface, pattern, action: "deny", reason: value.reason, origin: "managed" };
}

/** The managed config in force, or `null` (absent, refused or invalid: none of its settings apply). */
export function managedConfigOf(outcome: ManagedOutcome | undefined): PermissionConfig | null {
	return outcome?.status === "trusted" ? outcome.config : null;
}

/**
 * Paths every write to asks the person whatever the rules say: the managed file and its directory (an agent running
 * as root must never rewrite its own managed policy), plus the file's own `protectedPaths`.
 */
export function managedProtectedPaths(outcome: ManagedOutcome | undefined): string[] {
	if (outcome === undefined || outcome.file === null) return [];
	const slash = Math.max(outcome.file.lastIndexOf("/"), outcome.file.lastIndexOf("\\"));
	const dir = slash > 0 ? outcome.file.slice(0, slash) : null;
	const own = managedConfigOf(outcome)?.protectedPaths ?? [];
	return [outcome.file, ...(dir === null ? [] : [dir, `${dir}/*`]), ...own];
}
