/**
 * Owns: whether two config loads found the same thing, scope by scope (the loader hands back the same objects for
 * files whose size and modification time did not change), so the config check swaps the policy only on a change.
 * Never: reads files or compares contents deeply; a new object counts as a change (a needless swap is harmless).
 */
import type { ScopeOutcome } from "@pi-permissions/policy";

export function sameOutcomes(a: readonly ScopeOutcome[], b: readonly ScopeOutcome[]): boolean {
	if (a.length !== b.length) return false;
	return a.every((outcome, index) => {
		const other = b[index];
		if (other === undefined || other.scope !== outcome.scope || other.status !== outcome.status) return false;
		switch (outcome.status) {
			case "valid":
				return other.status === "valid" && other.config === outcome.config;
			case "invalid":
				return other.status === "invalid" && other.issues === outcome.issues && other.salvaged === outcome.salvaged;
			case "absent":
				return true;
			default: {
				const unhandled: never = outcome;
				throw new Error(`unhandled scope outcome ${String(unhandled)}`);
			}
		}
	});
}
