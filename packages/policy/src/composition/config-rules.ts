/**
 * Owns: turning merged scopes into ordered rules: universal-surface rules first, then every other surface in
 * config order, each pattern map in insertion order.
 * Never: adds synthetic rules (default, baseline) or overlays; see `policy-composition.ts`.
 */
import { endOf } from "../config/grant-expiry";
import type { PatternValue } from "../config/permission-config";
import type { Rule } from "../rule";
import { UNIVERSAL_SURFACE } from "../rule";
import type { MergedPattern, MergedScopes, MergedSurface } from "./scope-merge";

/** Rules of the universal `"*"` surface (they form the default layer). */
export function universalRules(merged: MergedScopes): Rule[] {
	const entry = merged.permission.get(UNIVERSAL_SURFACE);
	return entry ? surfaceRules(UNIVERSAL_SURFACE, entry) : [];
}

/** Rules of every surface but the universal one, in config order. */
export function surfaceConfigRules(merged: MergedScopes): Rule[] {
	const rules: Rule[] = [];
	for (const [surface, entry] of merged.permission) {
		if (surface === UNIVERSAL_SURFACE) continue;
		rules.push(...surfaceRules(surface, entry));
	}
	return rules;
}

function surfaceRules(surface: string, entry: MergedSurface): Rule[] {
	switch (entry.kind) {
		case "state":
			return [{ surface, pattern: "*", action: entry.state, origin: entry.origin }];
		case "map":
			return [...entry.patterns].flatMap(([pattern, merged]) => replacedRules(surface, pattern, merged));
		default: {
			const unhandled: never = entry;
			throw new Error(`unhandled merged surface ${String(unhandled)}`);
		}
	}
}

/** The rule of a pattern, after the rules it replaced while it ends (they decide again once it has ended). */
function replacedRules(surface: string, pattern: string, merged: MergedPattern): Rule[] {
	const below = merged.under === undefined ? [] : replacedRules(surface, pattern, merged.under);
	return [...below, patternRule(surface, pattern, merged.value, merged.origin)];
}

function patternRule(surface: string, pattern: string, value: PatternValue, origin: Rule["origin"]): Rule {
	if (typeof value === "string") return { surface, pattern, action: value, origin };
	if (value.action === "allow") return { surface, pattern, action: "allow", expires: endOf(value), origin };
	return value.reason === undefined
		? { surface, pattern, action: "deny", origin }
		: { surface, pattern, action: "deny", reason: value.reason, origin };
}
