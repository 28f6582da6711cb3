/**
 * Owns: how the managed tier's match combines with what every scope below it decided (config scopes, fail-closed,
 * yolo, then session grants): a managed deny is final, a managed ask holds (nothing below lifts it to allow), and a
 * managed allow answers what below asked but never lifts a deny written below (ADR 0055).
 * Never: evaluates rules; `CompiledPolicy` looks up both tiers and hands the two matches here.
 */
import type { RuleMatch } from "../rule-match";

/**
 * The decision of `lower` under the managed tier's match `managed` (`undefined`: no managed rule matched, the tier
 * has nothing to say). The result is never less restrictive than a managed deny or ask.
 */
export function combineWithManaged(lower: RuleMatch, managed: RuleMatch | undefined): RuleMatch {
	if (managed === undefined) return lower;
	switch (managed.state) {
		case "deny":
			return managed;
		case "ask":
			// SECURITY: ADR 0055: a lower allow (a scope, a grant, yolo) never passes a managed ask; a lower deny stays.
			return lower.state === "deny" ? lower : managed;
		case "allow":
			// A user may always be stricter than the administrator: a deny written below stays a deny.
			return lower.state === "deny" ? lower : managed;
		default: {
			const unhandled: never = managed.state;
			throw new Error(`unhandled managed state ${String(unhandled)}`);
		}
	}
}
