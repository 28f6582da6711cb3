/**
 * Owns: the placement law at one place, decided exactly over the composed rules that judge the grant's surface (ADR
 * 0050): whether the edit changes a decision beyond the asks its grant answers (a deny taken over, a lower scope's
 * rule brought back, a higher scope's rule moved), with a value that shows it; and whether the grant's pattern
 * decides any value at all.
 * Never: composes scopes, edits configs or chooses the place (`grant-placement.ts` does); it samples nothing.
 */
import type { PolicyEnvironment } from "../compiled-policy";
import { expandHome } from "../home-expansion";
import { patternContains, patternsOverlap } from "../pattern-overlap";
import type { Rule, Ruleset } from "../rule";
import { PATH_SURFACES } from "../surface";
import { compileWildcard, hasWildcard } from "../wildcard";
import { findWitness } from "./pattern-witness";

type LawBreak =
	/**
	 * A value this deny decided is allowed after the edit. `example` shows it: one value; on a path surface two
	 * spellings of one path, the first decided by the deny before, the second by the allow after. Empty when the search
	 * stopped at its bound.
	 */
	| { readonly kind: "lifts-deny"; readonly rule: Rule; readonly example: readonly string[] }
	/** A value `over` decided is decided by `rule`, with another action, after the edit. `example` as above. */
	| { readonly kind: "changes"; readonly rule: Rule; readonly over: Rule; readonly example: readonly string[] };

/** The rules that judge one surface before and after an edit of one scope's object on it. */
interface LawPlace {
	readonly before: Ruleset;
	readonly after: Ruleset;
	/** The grant's surface and pattern. */
	readonly grant: { readonly surface: string; readonly pattern: string };
	readonly env: PolicyEnvironment;
}

interface Prepared {
	readonly rule: Rule;
	readonly pattern: string;
	/** Not matched to a rule of the other list: removed (before) or added (after) by the edit. */
	readonly changed: boolean;
}

/**
 * The last change the edit makes beyond the grant's own asks, or `null` when none. Last match wins, so a value `v`
 * changes its decision exactly when the rule `b` that decided it before and the rule `a` that decides it after differ
 * in action: `v` matches both, no rule after `b` in the old list and none after `a` in the new one. Rules both lists
 * keep, in the same order, cannot both be `b` and `a` for one value, so only pairs with a removed `b` or an added `a`
 * are searched. An ask that becomes allowed is the grant's purpose where the grant's pattern covers the value. On a
 * path surface the call's spellings of one path may match apart (a symlink), so `b` and `a` each need a value of
 * their own that no such later rule takes.
 */
export function lawBreak(place: LawPlace): LawBreak | null {
	const [before, after] = align(place);
	const granted = prepare(place.env, place.grant.surface, place.grant.pattern);
	const aliased = PATH_SURFACES.has(place.grant.surface);
	for (let ai = after.length - 1; ai >= 0; ai--) {
		const a = after[ai] as Prepared;
		for (let bi = before.length - 1; bi >= 0; bi--) {
			const b = before[bi] as Prepared;
			if ((!a.changed && !b.changed) || a.rule.action === b.rule.action) continue;
			const excluded = [...before.slice(bi + 1), ...after.slice(ai + 1)].map((entry) => entry.pattern);
			// SECURITY: only an ask under the grant's own pattern may become allowed.
			if (b.rule.action === "ask" && a.rule.action === "allow") excluded.push(granted);
			const example = shownBy(aliased, b.pattern, a.pattern, excluded);
			if (example === null) continue;
			return b.rule.action === "deny"
				? { kind: "lifts-deny", rule: b.rule, example }
				: { kind: "changes", rule: a.rule, over: b.rule, example };
		}
	}
	return null;
}

/** Values that show `b` deciding before and `a` after, or `null` when there are none. */
function shownBy(aliased: boolean, b: string, a: string, excluded: readonly string[]): readonly string[] | null {
	if (!aliased) {
		const found = findWitness([b, a], relevant(excluded, [b, a]));
		if (found.kind === "none") return null;
		return found.kind === "found" ? [found.value] : [];
	}
	const byBefore = findWitness([b], relevant(excluded, [b]));
	if (byBefore.kind === "none") return null;
	const byAfter = findWitness([a], relevant(excluded, [a]));
	if (byAfter.kind === "none") return null;
	return byBefore.kind === "found" && byAfter.kind === "found" ? [byBefore.value, byAfter.value] : [];
}

/**
 * `null` when a rule with the grant's pattern decides some value after the edit; otherwise the rule that shadows it:
 * the last later one that covers every value of the grant, or else the last later one that shares a value with it.
 */
export function shadowingRule(place: LawPlace): { readonly rule: Rule | null } | null {
	const granted = prepare(place.env, place.grant.surface, place.grant.pattern);
	const at = place.after.findLastIndex(
		(rule) => rule.surface === place.grant.surface && rule.pattern === place.grant.pattern,
	);
	const later = place.after
		.slice(at + 1)
		.map((rule) => ({ rule, pattern: prepare(place.env, place.grant.surface, rule.pattern) }));
	const own = place.after[at];
	// A higher scope's line with the pattern keeps its own action: the grant then allows nothing.
	if (own !== undefined && own.action !== "allow") return { rule: own };
	if (at !== -1) {
		const found = findWitness(
			[granted],
			relevant(
				later.map((entry) => entry.pattern),
				[granted],
			),
		);
		if (found.kind !== "none") return null;
	}
	const covering = later.findLast((entry) => patternContains(entry.pattern, granted));
	const overlapping = later.findLast((entry) => patternsOverlap(entry.pattern, granted));
	return { rule: (covering ?? overlapping)?.rule ?? null };
}

/**
 * Both lists prepared, each rule marked changed unless it is matched, in order, to the same rule in the other list
 * (greedily: a poorer matching marks more rules changed, which only searches more pairs).
 */
function align(place: LawPlace): readonly [Prepared[], Prepared[]] {
	const keptBefore = new Set<number>();
	const keptAfter = new Set<number>();
	let i = 0;
	place.after.forEach((rule, j) => {
		const old = place.before[i];
		if (old !== undefined && sameRule(old, rule)) {
			keptBefore.add(i);
			keptAfter.add(j);
			i++;
		}
	});
	const prepared = (rules: Ruleset, kept: ReadonlySet<number>) =>
		rules.map((rule, k) => ({
			rule,
			pattern: prepare(place.env, place.grant.surface, rule.pattern),
			changed: !kept.has(k),
		}));
	return [prepared(place.before, keptBefore), prepared(place.after, keptAfter)];
}

/** Only a pattern sharing a value with every required one can take a witness; the rest only slow the search. */
function relevant(patterns: readonly string[], required: readonly string[]): string[] {
	return patterns.filter((pattern) => required.every((need) => patternsOverlap(pattern, need)));
}

export function sameRule(a: Rule, b: Rule): boolean {
	return (
		a.surface === b.surface &&
		a.pattern === b.pattern &&
		a.action === b.action &&
		a.origin === b.origin &&
		a.reason === b.reason &&
		a.expires === b.expires
	);
}

export function applies(rule: Rule, surface: string): boolean {
	if (rule.surface === surface) return true;
	return hasWildcard(rule.surface) && compileWildcard(rule.surface).test(surface);
}

export function prepare(env: PolicyEnvironment, surface: string, pattern: string): string {
	const expanded = expandHome(pattern, env.home);
	return PATH_SURFACES.has(surface) ? env.flavor.fold(expanded) : expanded;
}
