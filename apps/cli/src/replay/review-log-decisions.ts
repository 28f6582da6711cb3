/**
 * Owns: what the review log (`<agentDir>/extensions/pi-permissions/logs/review.jsonl` and its `.1` generation) says
 * the policy decided for each tool call id: `deny` when a gate denied by policy (or failed), `ask` when the call was
 * asked (whoever answered: the person, an authorizer, a session grant, or nobody), `allow` when the policy allowed it.
 * Never: writes the log or trusts a line; a line that is not a decision record is skipped.
 */
import type { PermissionState } from "@pi-permissions/policy";
import { jsonlRecords } from "./jsonl-records";

/** Resolutions that mean the policy said `ask` and someone (or no one) answered. */
export const ASKED_RESOLUTIONS: ReadonlySet<string> = new Set([
	"session_approved",
	"user_approved",
	"user_approved_for_session",
	"user_denied",
	"confirmation_unavailable",
]);

/** Resolutions that mean the call was blocked without an ask. */
const DENIED: ReadonlySet<string> = new Set(["policy_deny", "gate_error"]);

/**
 * Folds the decision records of a log into one decision per tool call id. Several records of one call (one per
 * gate) combine as the gates do: a deny wins over an ask, an ask over an allow. `auto_approved` (yolo) is an allow,
 * as a replay with the same yolo setting reports it.
 */
export async function reviewLogDecisions(
	lines: AsyncIterable<string>,
	into: Map<string, PermissionState> = new Map(),
): Promise<Map<string, PermissionState>> {
	for await (const record of jsonlRecords(lines)) {
		if (record === null || record.event !== "permission_decision" || typeof record.toolCallId !== "string") continue;
		const resolution = typeof record.resolution === "string" ? record.resolution : "";
		const action: PermissionState = DENIED.has(resolution)
			? "deny"
			: ASKED_RESOLUTIONS.has(resolution)
				? "ask"
				: "allow";
		const before = into.get(record.toolCallId);
		into.set(record.toolCallId, before === undefined ? action : stricter(before, action));
	}
	return into;
}

const RANK: Readonly<Record<PermissionState, number>> = { allow: 0, ask: 1, deny: 2 };

function stricter(a: PermissionState, b: PermissionState): PermissionState {
	return RANK[b] > RANK[a] ? b : a;
}
