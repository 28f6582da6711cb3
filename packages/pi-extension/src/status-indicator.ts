/**
 * Owns: the status-line text: the mode in force, always (ADR 0054), and when the policy is not the ordinary one: yolo
 * is on, yolo is suspended because a scope is invalid, or a scope failed to load and clamps every allow to ask; that an
 * authorizer link named in `authorizerChain` is not answering; and that a log write failed.
 * Never: shows anything itself.
 */
import { type ComposedPolicy, MODE_TABLE } from "@pi-permissions/policy";
import { type ChainLinkProblem, chainStatusMark } from "./authority/chain-health";

export const STATUS_KEY = "pi-permissions";

/** What the status line adds once a log write failed this session (the details are in `/permissions`). */
const LOG_FAILURE_STATUS = "log write failed, see /permissions";

export function statusText(
	policy: ComposedPolicy,
	logWriteFailure: string | null = null,
	chain: readonly ChainLinkProblem[] = [],
): string {
	const marks = [chainStatusMark(chain), logWriteFailure === null ? null : LOG_FAILURE_STATUS].filter(
		(mark): mark is string => mark !== null,
	);
	const policyText = policyStatus(policy);
	return marks.length === 0 ? policyText : `${policyText} · ${marks.join(" · ")}`;
}

function policyStatus(policy: ComposedPolicy): string {
	if (policy.yolo) return "permissions: YOLO (asks auto-approved)";
	// Yolo was asked for but lifts nothing while a scope is broken: say so, or the user believes asks are approved.
	if (policy.yoloSuspended)
		return `permissions: YOLO suspended (${policy.failClosedScopes.join(", ")} invalid: asks are asked)`;
	// The mode is always on the line: a person must never have to guess whether plan or accept-edits is in force.
	const mode = `permissions: ${MODE_TABLE[policy.mode].label}`;
	if (policy.failClosedScopes.length > 0)
		return `${mode} · fail-closed (${policy.failClosedScopes.join(", ")} invalid)`;
	return mode;
}
