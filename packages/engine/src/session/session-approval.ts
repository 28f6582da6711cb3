/**
 * Owns: recording a "for this session" answer: the ask's suggestion becomes one `allow` grant per pattern (several
 * for a bash command reaching several outside directories).
 * Never: widens a suggestion or invents one; an ask without a suggestion records nothing.
 */
import {
	type SessionGrant,
	type SessionRuleStore,
	type SessionSuggestion,
	sessionGrantRequests,
} from "@pi-permissions/policy";

/** The grants recorded for `suggestion`; empty when there is none. */
export function recordSessionApproval(
	store: SessionRuleStore,
	suggestion: SessionSuggestion | null,
): readonly SessionGrant[] {
	if (suggestion === null) return [];
	return sessionGrantRequests(suggestion).map((request) => store.add(request));
}
