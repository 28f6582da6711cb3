/**
 * Owns: the status-line text that tells the user the policy is not the ordinary one: yolo is on, or a scope failed
 * to load and clamps every allow to ask.
 * Never: shows anything itself; `undefined` clears the status.
 */
import type { ComposedPolicy } from "@pi-permissions/policy";

export const STATUS_KEY = "pi-permissions";

export function statusText(policy: ComposedPolicy): string | undefined {
	if (policy.yolo) return "permissions: YOLO (asks auto-approved)";
	if (policy.failClosedScopes.length > 0)
		return `permissions: fail-closed (${policy.failClosedScopes.join(", ")} invalid)`;
	return undefined;
}
