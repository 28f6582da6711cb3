/**
 * Owns: the narrow recorded-policy view authority links consult, answered by the engine's `PermissionQuery`; a
 * forwarded ask is resolved from the child-fixed facts under the requester's agent policy.
 * Never: widens an answer: a failing check and an agent policy still loading answer `ask`; a forwarded ask the engine
 * cannot evaluate throws, and the serving resolver denies it as a gate error (fail closed).
 */
import type { PermissionCheck, PolicyLookup } from "@pi-permissions/authority";
import type { PermissionCheckResult, PermissionQuery } from "@pi-permissions/engine";
import { AgentPolicyPendingError } from "../agent/agent-policies";

const UNDECIDED: PermissionCheck = { state: "ask", matchedPattern: null, origin: null, reason: null };

/** Loads an agent's policy before a forwarded ask of that agent is decided. Must not reject. */
export type PolicyPreparer = (agentName: string | null) => Promise<void>;

export function authorityPermissionQuery(query: PermissionQuery, preparePolicy?: PolicyPreparer): PolicyLookup {
	return {
		...(preparePolicy === undefined ? {} : { preparePolicy }),
		checkPermission(surface, value, agentName) {
			try {
				return checkOf(query.checkPermission(surface, value, agentName));
			} catch {
				return UNDECIDED;
			}
		},
		resolveForwarded(facts, agentName) {
			// SECURITY: a floor raised this ask; no rule may settle it (defence in depth: the wire never carries these).
			if (facts.floored === true) return UNDECIDED;
			try {
				return checkOf(query.resolveForwarded(facts, agentName));
			} catch (error) {
				// The requester's agent policy is loading: a human decides this one (more prompting, never less).
				if (error instanceof AgentPolicyPendingError) return UNDECIDED;
				throw error;
			}
		},
	};
}

function checkOf(result: PermissionCheckResult): PermissionCheck {
	return { state: result.state, matchedPattern: result.matchedPattern, origin: result.origin, reason: result.reason };
}
