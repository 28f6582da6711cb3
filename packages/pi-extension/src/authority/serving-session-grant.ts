/**
 * Owns: what a "for the whole serving session" answer to a forwarded ask records in the serving session's rules:
 * the session suggestion for the child-fixed facts, computed here with this session's path flavor.
 * Never: trusts the child's suggestion text or grants wider than the asked unit's family; an ask without facts or
 * without a safe suggestion records nothing and throws (the approval then stands once).
 */
import type { ForwardedRequest } from "@pi-permissions/authority";
import {
	type PathFlavor,
	type SessionGrant,
	type SessionGrantRequest,
	type SessionRuleStore,
	sessionGrantRequests,
	suggestSessionApproval,
} from "@pi-permissions/policy";

/** The grants to record for `request`. Throws when there is nothing safe to record. */
export function servingSessionGrantRequests(
	request: ForwardedRequest,
	flavor: PathFlavor,
): readonly SessionGrantRequest[] {
	const intent = request.accessIntent;
	if (intent === null) throw new Error(`the forwarded ask ${request.id} carries no access facts to grant`);
	// The first value is what the child's gate asked about (the unit text, the displayed path); the rest are spellings.
	const [asked] = intent.matchValues;
	if (asked === undefined) throw new Error(`the forwarded ask ${request.id} carries no value to grant`);
	const suggestion = suggestSessionApproval(intent.surface, asked, { flavor });
	if (suggestion === null) throw new Error(`no session approval may be offered for the forwarded ask ${request.id}`);
	return sessionGrantRequests(suggestion);
}

/** Records the grants for `request` in `store`. Throws when there is nothing safe to record. */
export function recordServingSessionGrant(
	store: SessionRuleStore,
	request: ForwardedRequest,
	flavor: PathFlavor,
): readonly SessionGrant[] {
	return servingSessionGrantRequests(request, flavor).map((grant) => store.add(grant));
}
