/**
 * Owns: where a persisted ("always") grant goes in one scope's `permission` object so that the placement law holds:
 * after the edit every call denied before is still denied, and every ask the grant does not cover still asks; or
 * the conflicting rule that makes every place unlawful. Before and after are composed in one scope order, and the
 * law at a place is decided exactly (`grant-law.ts`, ADR 0050), now and after every end of a rule that ends (ADR 0061).
 * Never: reads or writes files or edits text (the engine's grant writer does); it reasons over validated configs.
 */
import { CompiledPolicy, isCatchAll, type PolicyEnvironment } from "../compiled-policy";
import { composePolicy, type ScopeOutcome } from "../composition/policy-composition";
import { endOf } from "../config/grant-expiry";
import type { PatternValue, PermissionConfig, SurfaceValue } from "../config/permission-config";
import { patternsOverlap } from "../pattern-overlap";
import { err, ok, type Result } from "../result";
import type { Rule, Ruleset, ScopeName } from "../rule";
import { UNIVERSAL_SURFACE } from "../rule";
import { MCP_SURFACE } from "../surface";
import { hasWildcard } from "../wildcard";
import { applies, lawBreak, prepare, sameRule, shadowingRule } from "./grant-law";

export interface GrantRequest {
	/** A concrete surface (`bash`, `mcp`, `read`, a tool name); never `*` or a wildcard. */
	readonly surface: string;
	readonly pattern: string;
	/** The grant's end as written (`"expires"`, ADR 0061); absent: it does not end. */
	readonly expires?: string;
}

/** How the target file's surface entry looks before the edit. */
type SurfaceForm = "object" | "string" | "missing";

export type GrantPlacement =
	/** Insert `"<pattern>": "allow"` as entry `index` of the surface's object (a string value becomes `{"*": v}`). */
	| { readonly kind: "insert"; readonly form: SurfaceForm; readonly index: number }
	/** The target already allows exactly this pattern: nothing to write. */
	| { readonly kind: "present" };

export type GrantConflict =
	/**
	 * Every place lets the grant lift a deny; this is the one at the earliest place. `example` is a value the deny
	 * decides that the grant would take (on a path surface: a spelling the deny decides, then one the grant would),
	 * empty when the search for one stopped at its bound.
	 */
	| { readonly kind: "lifts-deny"; readonly rule: Rule; readonly example: readonly string[] }
	/**
	 * This later rule keeps `value` from being allowed wherever the grant goes (`value` `null`: every value of the
	 * grant's pattern); `rule` is `null` when no single rule does it (the default, or several rules together).
	 */
	| { readonly kind: "shadowed"; readonly rule: Rule | null; readonly value: string | null }
	/**
	 * Written there, the grant would make `rule` decide values `over` decided, with another action: a lower scope's
	 * rule the target's plain action (`"bash": "ask"`) replaced comes back once it is an object, or a higher scope's rule
	 * with the grant's pattern moves to the grant's place. `example` shows one value (or two spellings of a path).
	 */
	| { readonly kind: "changes"; readonly rule: Rule; readonly over: Rule; readonly example: readonly string[] }
	/** The grant would change rules of other surfaces (a guard). */
	| { readonly kind: "not-one-rule" }
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
	// INVARIANT: before and after are composed in the one precedence order, whatever order the caller listed.
	const before = composePolicy({ scopes: ordered(input.scopes), env: input.env });
	if (before.failClosedScopes.length > 0) return err({ kind: "scope-invalid", scopes: before.failClosedScopes });

	const current = config.permission?.[grant.surface];
	const form: SurfaceForm = current === undefined ? "missing" : typeof current === "string" ? "string" : "object";
	const entries = surfaceEntries(current);
	const existing = entries.find(([pattern]) => pattern === grant.pattern);
	if (existing !== undefined) {
		const rule = ruleOf(grant.surface, existing[0], existing[1], target);
		// The same allow with the same end is already there; another end is a change left to a person.
		const same = rule.action === "allow" && sameEnd(existing[1], grant.expires);
		return same ? ok({ kind: "present" }) : err({ kind: "pattern-taken", rule });
	}
	const baseRules = withoutBaseline(before.displayRules);
	if (grant.surface === MCP_SURFACE) {
		const uneven = baseRules.find((rule) => applies(rule, grant.surface) && unevenOnCandidates(rule));
		if (uneven !== undefined) return err({ kind: "uneven-candidates", rule: uneven });
	}
	const values = input.values.length > 0 ? input.values : literalForm(grant.pattern);
	let lastBreak: GrantConflict | null = null;
	let chosen: number | null = null;
	// Latest place first: a later rule can only narrow what the grant decides.
	for (let index = entries.length; index >= 0; index--) {
		if (form === "string" && index === 0) break; // before the surface's own `*` the grant would decide nothing
		const verdict = judge(input, config, form, index, baseRules, values);
		if (verdict.kind === "lawful") {
			chosen = index;
			break;
		}
		if (verdict.kind === "refused") return err(verdict.conflict);
		lastBreak = verdict.conflict;
	}
	if (chosen === null) return err(lastBreak ?? { kind: "unsupported-surface" });
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
	const ended = lawfulAfterEveryEnd(input, config, form, chosen, values);
	return ended === null ? ok({ kind: "insert", form, index: chosen }) : err(ended);
}

/**
 * SECURITY: ADR 0061: rules that end change the policy by themselves, so the law must hold after each end too (a grant
 * placed after an ending allow could otherwise take over, once it ends, values a deny below it decides). The live
 * rules at any instant are those ending later, so one world per distinct end covers every instant.
 */
function lawfulAfterEveryEnd(
	input: GrantPlacementInput,
	config: PermissionConfig,
	form: SurfaceForm,
	chosen: number,
	values: readonly string[],
): GrantConflict | null {
	const ends = new Set<number>();
	for (const scope of input.scopes)
		if (scope.status === "valid") for (const end of configEnds(scope.config)) ends.add(end);
	for (const end of [...ends].sort((a, b) => a - b)) {
		const live = (value: PatternValue) => typeof value === "string" || value.action !== "allow" || endOf(value) > end;
		const scopes = input.scopes.map((scope) =>
			scope.status === "valid" ? { ...scope, config: withLiveRules(scope.config, live) } : scope,
		);
		const world = { ...input, scopes };
		const worldConfig = withLiveRules(config, live);
		const dropped = surfaceEntries(config.permission?.[input.grant.surface])
			.slice(0, chosen)
			.filter(([, value]) => !live(value)).length;
		const before = composePolicy({ scopes: ordered(scopes), env: input.env });
		const verdict = judge(world, worldConfig, form, chosen - dropped, withoutBaseline(before.displayRules), values);
		if (verdict.kind !== "lawful") return verdict.conflict;
	}
	return null;
}

function configEnds(config: PermissionConfig): number[] {
	return Object.values(config.permission ?? {}).flatMap((surface) =>
		typeof surface === "string"
			? []
			: Object.values(surface).flatMap((value) =>
					typeof value !== "string" && value.action === "allow" ? [endOf(value)] : [],
				),
	);
}

function withLiveRules(config: PermissionConfig, live: (value: PatternValue) => boolean): PermissionConfig {
	if (config.permission === undefined) return config;
	const permission = Object.fromEntries(
		Object.entries(config.permission).map(([surface, value]) => [
			surface,
			typeof value === "string" ? value : Object.fromEntries(Object.entries(value).filter(([, v]) => live(v))),
		]),
	);
	return { ...config, permission };
}

function sameEnd(value: PatternValue, expires: string | undefined): boolean {
	const written = typeof value === "string" ? undefined : value.action === "allow" ? value.expires : undefined;
	return written === expires;
}

/** `config` as it reads once `placement` is applied: what the grant writer's text edit must parse back to. */
export function configWithGrant(
	config: PermissionConfig,
	grant: GrantRequest,
	placement: GrantPlacement,
): PermissionConfig {
	if (placement.kind === "present") return config;
	const entries = surfaceEntries(config.permission?.[grant.surface]);
	const value: PatternValue = grant.expires === undefined ? "allow" : { action: "allow", expires: grant.expires };
	const next = [
		...entries.slice(0, placement.index),
		[grant.pattern, value] as const,
		...entries.slice(placement.index),
	];
	return {
		...config,
		permission: { ...config.permission, [grant.surface]: Object.fromEntries(next) as Record<string, PatternValue> },
	};
}

type Verdict =
	| { readonly kind: "lawful" }
	/** This place changes another decision; an earlier place may not. */
	| { readonly kind: "breaks"; readonly conflict: GrantConflict }
	/** No earlier place can do better (a later rule only gains ground there). */
	| { readonly kind: "refused"; readonly conflict: GrantConflict };

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
	// Only the rules that judge the grant's surface can change its decisions; the others must stay as they were (a
	// surface key new to the target may move its whole group among the other surfaces' groups, which decides nothing).
	const judging = (rules: Ruleset) => rules.filter((rule) => applies(rule, grant.surface));
	const others = (rules: Ruleset) => rules.filter((rule) => !applies(rule, grant.surface));
	if (!sameRules(others(baseRules), others(afterRules))) return { kind: "refused", conflict: { kind: "not-one-rule" } };
	const place = { before: judging(baseRules), after: judging(afterRules), grant, env };
	const broken = lawBreak(place);
	if (broken !== null) return { kind: "breaks", conflict: broken };
	if (values.length === 0) {
		const shadow = shadowingRule(place);
		return shadow === null
			? { kind: "lawful" }
			: { kind: "refused", conflict: { kind: "shadowed", rule: shadow.rule, value: null } };
	}
	const policy = CompiledPolicy.compile(after.displayRules, env);
	for (const value of values) {
		const match = policy.evaluate(grant.surface, value);
		// The grant's own line, or a higher scope's line with its pattern that the grant joined.
		const byPattern =
			match.rule !== null && match.rule.surface === grant.surface && match.rule.pattern === grant.pattern;
		if (!byPattern || match.state !== "allow") {
			return { kind: "refused", conflict: { kind: "shadowed", rule: match.rule, value } };
		}
	}
	return { kind: "lawful" };
}

/** A universal rule narrower than `*` can judge two spellings of one MCP target differently. */
function unevenOnCandidates(rule: Rule): boolean {
	return rule.surface === UNIVERSAL_SURFACE && rule.origin !== "builtin" && !isCatchAll(rule.pattern);
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
	if (typeof value === "string") return { surface, pattern, action: value, origin };
	if (value.action === "allow") return { surface, pattern, action: "allow", expires: endOf(value), origin };
	return { surface, pattern, action: "deny", origin, ...(value.reason === undefined ? {} : { reason: value.reason }) };
}

/** Baseline rules follow from "some mcp rule allows" and are left out of the comparison (ADR 0032). */
function withoutBaseline(rules: Ruleset): Ruleset {
	return rules.filter((rule) => rule.origin !== "baseline");
}

function sameRules(a: Ruleset, b: Ruleset): boolean {
	return a.length === b.length && a.every((rule, k) => sameRule(rule, b[k] as Rule));
}

const SCOPE_ORDER: readonly ScopeName[] = ["global", "project", "agent", "project-agent"];

function precedence(origin: Rule["origin"]): number {
	return SCOPE_ORDER.indexOf(origin as ScopeName);
}

function ordered(scopes: readonly ScopeOutcome[]): ScopeOutcome[] {
	return [...scopes].sort((a, b) => precedence(a.scope) - precedence(b.scope));
}
