/**
 * Owns: the rules behind one decision, for a traced run and `explain`: every composed rule matching a value on a
 * surface, in evaluation order (the last one wins), each with the rule as its scope wrote it before any overlay.
 * Never: decides; it reads the composed policy the call was decided under (composed once, never again).
 */
import type { ComposedPolicy, Rule } from "@pi-permissions/policy";

export interface TracedRule {
	/** The rule the decision used (after a fail-closed or yolo overlay rewrote it). */
	readonly rule: Rule;
	/** The same rule as written (overlays rewrite one for one, so the index names it). */
	readonly written: Rule;
}

/** Every composed rule (session rules excluded) matching `value` on `surface`, in evaluation order. */
export function matchingRules(policy: ComposedPolicy, surface: string, value: string): TracedRule[] {
	return policy.decision.matchingRuleIndexes(surface, value).map((index) => {
		const rule = policy.rules[index] as Rule;
		return { rule, written: policy.writtenRules[index] ?? rule };
	});
}
