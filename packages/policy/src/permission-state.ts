/**
 * Owns: the three actions a rule can carry and their restrictiveness order (deny > ask > allow).
 * Never: decides anything by itself; it is vocabulary shared by every stage.
 */

export type PermissionState = "allow" | "ask" | "deny";

const RANK: Readonly<Record<PermissionState, number>> = { allow: 0, ask: 1, deny: 2 };

/** Rank of an action by restrictiveness: allow 0, ask 1, deny 2. */
export function restrictiveness(state: PermissionState): number {
	return RANK[state];
}
