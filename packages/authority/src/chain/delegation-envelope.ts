/**
 * Owns: the bounded-delegation envelope, the checkpoint that caps what a registered link may grant.
 * Never: widens a verdict; it only turns an `allow` on an excluded surface into `defer` (deny and defer pass through).
 */
import { EXTERNAL_DIRECTORY_SURFACE, PATH_SURFACE, READ_ONLY_FILE_TOOLS } from "@pi-permissions/policy";
import { originPayload } from "@pi-permissions/presentation";
import type { AskDetails, AuthorizerVerdict } from "./authorizer";

/**
 * Whether a link's `allow` on this ask must be capped. The gate surface comes from the access facts, never from the
 * display payload (PP-295), and an ask without facts counts as undetermined.
 */
export function isDelegationExcluded(details: AskDetails): boolean {
	const surface = details.access?.surface ?? "";
	// SECURITY: PP-290 an undetermined surface cannot be shown to be safe, so it is capped.
	if (surface === "") return true;
	// SECURITY: PP-289 a path ask may touch a secret; a link never grants it.
	if (surface === PATH_SURFACE) return true;
	if (surface === EXTERNAL_DIRECTORY_SURFACE) {
		const toolName = originPayload(details.payload).request.toolName;
		// SECURITY: PP-288 only the built-in read-only tools may be allowed outside the working directory by a link.
		return toolName === null || !READ_ONLY_FILE_TOOLS.has(toolName);
	}
	return false;
}

/** Applies the envelope to one verdict. */
export function capVerdict(verdict: AuthorizerVerdict, details: AskDetails): AuthorizerVerdict {
	switch (verdict.verdict) {
		case "allow":
			return isDelegationExcluded(details) ? { verdict: "defer" } : verdict;
		case "deny":
		case "defer":
			return verdict;
		default: {
			const unhandled: never = verdict;
			throw new Error(`unhandled verdict ${String(unhandled)}`);
		}
	}
}
