/**
 * Owns: the narrow recorded-policy view authority links consult, answered by the engine's `PermissionQuery`.
 * Never: throws or widens an answer: a failing query, and a forwarded ask this slice cannot yet resolve, answer `ask`.
 */
import type { PermissionQuery as AuthorityQuery, PermissionCheck } from "@pi-permissions/authority";
import type { PermissionQuery } from "@pi-permissions/engine";

const UNDECIDED: PermissionCheck = { state: "ask", matchedPattern: null, origin: null, reason: null };

export function authorityPermissionQuery(query: PermissionQuery): AuthorityQuery {
	return {
		checkPermission(surface, value, agentName) {
			try {
				const result = query.checkPermission(surface, value, agentName);
				return {
					state: result.state,
					matchedPattern: result.matchedPattern,
					origin: result.origin,
					reason: result.reason,
				};
			} catch {
				return UNDECIDED;
			}
		},
		// Forwarded asks are served in a later slice; until then a served ask always goes to the human (more prompting).
		resolveForwarded: () => UNDECIDED,
	};
}
