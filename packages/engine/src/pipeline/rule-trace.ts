/**
 * Owns: the rules behind one decision, for a traced run and `explain`: every composed rule matching a value on a
 * surface, in evaluation order (the last one wins), each with the rule as its scope wrote it before any overlay.
 * Never: decides; it reads the composed policy the call was decided under (composed once, never again).
 */
import { type ComposedPolicy, NETWORK_SURFACE, networkHostOf, type Rule } from "@pi-permissions/policy";

export interface TracedRule {
	/** The rule the decision used (after a fail-closed or yolo overlay rewrote it). */
	readonly rule: Rule;
	/** The same rule as written (overlays rewrite one for one, so the index names it). */
	readonly written: Rule;
}

/** Every composed rule (session rules excluded) matching `value` on `surface`, in evaluation order. */
export function matchingRules(policy: ComposedPolicy, surface: string, value: string): TracedRule[] {
	return matchingIndexes(policy, surface, value).map((index) => {
		const rule = policy.rules[index] as Rule;
		return { rule, written: policy.writtenRules[index] ?? rule };
	});
}

/** A destination is matched as `host:port` and as its host (ADR 0058); any other value as itself. */
function matchingIndexes(policy: ComposedPolicy, surface: string, value: string): readonly number[] {
	const host = surface === NETWORK_SURFACE ? networkHostOf(value) : null;
	if (host === null || host === value) return policy.decision.matchingRuleIndexes(surface, value);
	const both = new Set([
		...policy.decision.matchingRuleIndexes(surface, host),
		...policy.decision.matchingRuleIndexes(surface, value),
	]);
	return [...both].sort((a, b) => a - b);
}
