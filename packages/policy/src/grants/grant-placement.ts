/**
 * Owns: where a persisted ("always") grant goes in one scope's `permission` object so that the placement law holds:
 * after the edit every call denied before is still denied, and every ask the grant does not cover still asks; or
 * the conflicting rule that makes every place unlawful.
 * Never: reads or writes files or edits text (the engine's grant writer does); it reasons over validated configs.
 */
import { CompiledPolicy, isCatchAll, type PolicyEnvironment } from "../compiled-policy";
import { composePolicy, type ScopeOutcome } from "../composition/policy-composition";
import type { PatternValue, PermissionConfig, SurfaceValue } from "../config/permission-config";
import { expandHome } from "../home-expansion";
import { patternContains, patternsOverlap } from "../pattern-overlap";
import { err, ok, type Result } from "../result";
import type { Rule, Ruleset, ScopeName } from "../rule";
import { UNIVERSAL_SURFACE } from "../rule";
import { MCP_SURFACE, PATH_SURFACES } from "../surface";
import { compileWildcard, hasWildcard } from "../wildcard";

export interface GrantRequest {
	/** A concrete surface (`bash`, `mcp`, `read`, a tool name); never `*` or a wildcard. */
	readonly surface: string;
	readonly pattern: string;
}

/** How the target file's surface entry looks before the edit. */
type SurfaceForm = "object" | "string" | "missing";

export type GrantPlacement =
	/** Insert `"<pattern>": "allow"` as entry `index` of the surface's object (a string value becomes `{"*": v}`). */
	| { readonly kind: "insert"; readonly form: SurfaceForm; readonly index: number }
	/** The target already allows exactly this pattern: nothing to write. */
	| { readonly kind: "present" };

export type GrantConflict =
	/** Every lawful place lets the grant lift this deny. */
	| { readonly kind: "lifts-deny"; readonly rule: Rule }
	/** This later rule keeps `value` from being allowed wherever the grant goes. */
	| { readonly kind: "shadowed"; readonly rule: Rule | null; readonly value: string }
	/** The target already has this pattern with another action; changing it is left to a person. */
	| { readonly kind: "pattern-taken"; readonly rule: Rule }
	/** A scope failed to load: every allow is floored to ask, so the grant could not take effect. */
	| { readonly kind: "scope-invalid"; readonly scopes: readonly ScopeName[] }
	/** A rule that judges MCP candidates unevenly (a universal rule with a narrower pattern): refused for MCP. */
	| { readonly kind: "uneven-candidates"; readonly rule: Rule }
	/** The universal surface or a wildcard surface: never granted. */
	| { readonly kind: "unsupported-surface" };

export interface GrantPlacementInput {
	/** Every scope's outcome, lowest precedence first, as the session composes them. */
	readonly scopes: readonly ScopeOutcome[];
	/** The scope whose file receives the grant; its outcome must be `valid` or `absent`. */
	readonly target: ScopeName;
	readonly grant: GrantRequest;
	/** Values the grant must allow once written (the asked call); empty uses the pattern's own literal form. */
	readonly values: readonly string[];
	readonly env: PolicyEnvironment;
}

export function placeGrant(input: GrantPlacementInput): Result<GrantPlacement, GrantConflict> {
	const { grant, target } = input;
	if (grant.surface === UNIVERSAL_SURFACE || hasWildcard(grant.surface) || grant.surface === "") {
		return err({ kind: "unsupported-surface" });
	}
	const outcome = input.scopes.find((scope) => scope.scope === target) ?? { scope: target, status: "absent" };
	if (outcome.status === "invalid") return err({ kind: "scope-invalid", scopes: [target] });
	const config: PermissionConfig = outcome.status === "valid" ? outcome.config : {};
	const before = composePolicy({ scopes: input.scopes, env: input.env });
	if (before.failClosedScopes.length > 0) return err({ kind: "scope-invalid", scopes: before.failClosedScopes });

	const current = config.permission?.[grant.surface];
	const form: SurfaceForm = current === undefined ? "missing" : typeof current === "string" ? "string" : "object";
	const entries = surfaceEntries(current);
	const existing = entries.find(([pattern]) => pattern === grant.pattern);
	if (existing !== undefined) {
		const rule = ruleOf(grant.surface, existing[0], existing[1], target);
		return rule.action === "allow" ? ok({ kind: "present" }) : err({ kind: "pattern-taken", rule });
	}
	const baseRules = withoutBaseline(before.displayRules);
	if (grant.surface === MCP_SURFACE) {
		const uneven = baseRules.find((rule) => applies(rule, grant.surface) && unevenOnCandidates(rule));
		if (uneven !== undefined) return err({ kind: "uneven-candidates", rule: uneven });
	}
	const values = input.values.length > 0 ? input.values : literalForm(grant.pattern);
	let lastDeny: Rule | null = null;
	let chosen: number | null = null;
	// Latest place first: a later rule can only narrow what the grant decides.
	for (let index = entries.length; index >= 0; index--) {
		if (form === "string" && index === 0) break; // before the surface's own `*` the grant would decide nothing
		const verdict = judge(input, config, form, index, baseRules, values);
		if (verdict.kind === "lawful") {
			chosen = index;
			break;
		}
		if (verdict.kind === "shadowed") return err(verdict.conflict);
		lastDeny = verdict.rule;
	}
	if (chosen === null)
		return lastDeny === null ? err({ kind: "unsupported-surface" }) : err({ kind: "lifts-deny", rule: lastDeny });
	// A rule that no value shares with the grant commutes with it: going before it changes no decision, and an
	// insertion before the last entry adds one line instead of also editing the line above.
	if (chosen === entries.length && chosen > 0 && form === "object") {
		const last = entries[chosen - 1] as readonly [string, PatternValue];
		const disjoint = !patternsOverlap(
			prepare(input.env, grant.surface, last[0]),
			prepare(input.env, grant.surface, grant.pattern),
		);
		if (disjoint && judge(input, config, form, chosen - 1, baseRules, values).kind === "lawful") chosen -= 1;
	}
	return ok({ kind: "insert", form, index: chosen });
}

/** `config` as it reads once `placement` is applied: what the grant writer's text edit must parse back to. */
export function configWithGrant(
	config: PermissionConfig,
	grant: GrantRequest,
	placement: GrantPlacement,
): PermissionConfig {
	if (placement.kind === "present") return config;
	const entries = surfaceEntries(config.permission?.[grant.surface]);
	const next = [
		...entries.slice(0, placement.index),
		[grant.pattern, "allow"] as const,
		...entries.slice(placement.index),
	];
	return {
		...config,
		permission: { ...config.permission, [grant.surface]: Object.fromEntries(next) as Record<string, PatternValue> },
	};
}

type Verdict =
	| { readonly kind: "lawful" }
	| { readonly kind: "lifts-deny"; readonly rule: Rule }
	| { readonly kind: "shadowed"; readonly conflict: GrantConflict };

function judge(
	input: GrantPlacementInput,
	config: PermissionConfig,
	form: SurfaceForm,
	index: number,
	baseRules: Ruleset,
	values: readonly string[],
): Verdict {
	const { grant, env } = input;
	const edited = configWithGrant(config, grant, { kind: "insert", form, index });
	const scopes = input.scopes.some((s) => s.scope === input.target)
		? input.scopes.map((s) =>
				s.scope === input.target ? { scope: s.scope, status: "valid" as const, config: edited } : s,
			)
		: [...input.scopes, { scope: input.target, status: "valid" as const, config: edited }];
	const after = composePolicy({ scopes: ordered(scopes), env });
	const afterRules = withoutBaseline(after.displayRules);
	const change = locateChange(baseRules, afterRules, grant);
	if (change === null) {
		return { kind: "shadowed", conflict: { kind: "shadowed", rule: null, value: values[0] ?? grant.pattern } };
	}
	if (change.kind === "replaced") {
		// The grant took the place of the same pattern set by a lower scope: only that rule's values change.
		if (change.previous.action === "deny") return { kind: "lifts-deny", rule: change.previous };
	} else {
		const blocking = unscreenedDeny(baseRules, change.position, grant, env);
		if (blocking !== null) return { kind: "lifts-deny", rule: blocking };
	}
	const policy = CompiledPolicy.compile(after.displayRules, env);
	for (const value of values) {
		const match = policy.evaluate(grant.surface, value);
		const byGrant = match.rule !== null && match.rule.pattern === grant.pattern && match.rule.origin === input.target;
		if (!byGrant || match.state !== "allow") {
			return { kind: "shadowed", conflict: { kind: "shadowed", rule: match.rule, value } };
		}
	}
	return { kind: "lawful" };
}

type Change =
	| { readonly kind: "inserted"; readonly position: number }
	| { readonly kind: "replaced"; readonly position: number; readonly previous: Rule };

/** Where the composed rules changed: exactly the grant inserted, or the same pattern of a lower scope replaced. */
function locateChange(before: Ruleset, after: Ruleset, grant: GrantRequest): Change | null {
	const isGrant = (rule: Rule | undefined) =>
		rule !== undefined && rule.surface === grant.surface && rule.pattern === grant.pattern && rule.action === "allow";
	let i = 0;
	while (i < before.length && i < after.length && sameRule(before[i] as Rule, after[i] as Rule)) i++;
	if (after.length === before.length + 1) {
		if (!isGrant(after[i])) return null;
		for (let k = i; k < before.length; k++) if (!sameRule(before[k] as Rule, after[k + 1] as Rule)) return null;
		return { kind: "inserted", position: i };
	}
	if (after.length === before.length && i < before.length) {
		const previous = before[i] as Rule;
		if (!isGrant(after[i]) || previous.surface !== grant.surface || previous.pattern !== grant.pattern) return null;
		for (let k = i + 1; k < before.length; k++) if (!sameRule(before[k] as Rule, after[k] as Rule)) return null;
		return { kind: "replaced", position: i, previous };
	}
	return null;
}

/**
 * The latest deny before `position` that some value of the grant could reach with nothing in between to take it
 * over, or `null`. A deny is screened by a rule after it (and before the grant) that covers the grant or the deny.
 * SECURITY: path surfaces match a path by all its spellings at once (lexical and canonical), so on them any deny is
 * taken to overlap: a grant on a symlink's spelling must not outrank a deny on its target.
 */
function unscreenedDeny(rules: Ruleset, position: number, grant: GrantRequest, env: PolicyEnvironment): Rule | null {
	const granted = prepare(env, grant.surface, grant.pattern);
	const aliased = PATH_SURFACES.has(grant.surface);
	for (let d = position - 1; d >= 0; d--) {
		const deny = rules[d] as Rule;
		if (deny.action !== "deny" || !applies(deny, grant.surface)) continue;
		const denied = prepare(env, grant.surface, deny.pattern);
		if (!aliased && !patternsOverlap(denied, granted)) continue;
		let screened = false;
		for (let r = d + 1; r < position && !screened; r++) {
			const rule = rules[r] as Rule;
			if (!applies(rule, grant.surface)) continue;
			const covering = prepare(env, grant.surface, rule.pattern);
			screened = patternContains(covering, granted) || patternContains(covering, denied);
		}
		if (!screened) return deny;
	}
	return null;
}

function applies(rule: Rule, surface: string): boolean {
	if (rule.surface === surface) return true;
	return hasWildcard(rule.surface) && compileWildcard(rule.surface).test(surface);
}

/** A universal rule narrower than `*` can judge two spellings of one MCP target differently. */
function unevenOnCandidates(rule: Rule): boolean {
	return rule.surface === UNIVERSAL_SURFACE && rule.origin !== "builtin" && !isCatchAll(rule.pattern);
}

function prepare(env: PolicyEnvironment, surface: string, pattern: string): string {
	const expanded = expandHome(pattern, env.home);
	return PATH_SURFACES.has(surface) ? env.flavor.fold(expanded) : expanded;
}

/** The value a pattern names literally (`npm test *` names `npm test`), or none when it holds a wildcard. */
function literalForm(pattern: string): readonly string[] {
	const bare = pattern.length >= 2 && pattern.endsWith(" *") ? pattern.slice(0, -2) : pattern;
	return bare === "" || hasWildcard(bare) ? [] : [bare];
}

function surfaceEntries(value: SurfaceValue | undefined): readonly (readonly [string, PatternValue])[] {
	if (value === undefined) return [];
	if (typeof value === "string") return [["*", value]];
	return Object.entries(value);
}

function ruleOf(surface: string, pattern: string, value: PatternValue, origin: ScopeName): Rule {
	return typeof value === "string"
		? { surface, pattern, action: value, origin }
		: { surface, pattern, action: "deny", origin, ...(value.reason === undefined ? {} : { reason: value.reason }) };
}

/** Baseline rules follow from "some mcp rule allows" and are left out of the comparison (ADR 0032). */
function withoutBaseline(rules: Ruleset): Ruleset {
	return rules.filter((rule) => rule.origin !== "baseline");
}

function sameRule(a: Rule, b: Rule): boolean {
	return (
		a.surface === b.surface &&
		a.pattern === b.pattern &&
		a.action === b.action &&
		a.origin === b.origin &&
		a.reason === b.reason
	);
}

const SCOPE_ORDER: readonly ScopeName[] = ["global", "project", "agent", "project-agent"];

function ordered(scopes: readonly ScopeOutcome[]): ScopeOutcome[] {
	return [...scopes].sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope));
}
