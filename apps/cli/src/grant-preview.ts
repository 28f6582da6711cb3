/**
 * Owns: the preview of a grant before it is saved (`grants add --preview`): over the review log's last 1,000
 * decisions of the last 30 days, the calls the rule would have decided differently (asked then, allowed now) with up
 * to three examples, the denied ones it matches (the law keeps them denied), and the existing allows it makes
 * redundant.
 * Never: writes anything or trusts a log line; a line that is not a decision record is skipped.
 */
import {
	type ComposedPolicy,
	composePolicy,
	type PolicyEnvironment,
	patternContains,
	type ScopeName,
	validateConfig,
} from "@pi-permissions/policy";
import type { CliHost } from "./cli-host";
import { jsonlRecords } from "./replay/jsonl-records";
import { ASKED_RESOLUTIONS } from "./replay/review-log-decisions";

/** The review log window a preview reads: the last this many decisions … */
const WINDOW_DECISIONS = 1_000;
/** … of the last this many days. */
const WINDOW_DAYS = 30;
const EXAMPLES = 3;

interface LoggedDecision {
	readonly call: string;
	readonly time: string;
	readonly surface: string;
	readonly value: string;
	readonly resolution: string;
}

export interface GrantPreview {
	/** Decisions in the window. */
	readonly considered: number;
	/** Calls the rule matches that were asked: it would have allowed them. */
	readonly changed: number;
	readonly examples: readonly { readonly time: string; readonly value: string }[];
	/** Calls the rule matches that the policy denied: they stay denied (no grant lifts a deny). */
	readonly stillDenied: number;
	/** Existing allows on the surface the rule contains: they become redundant. */
	readonly shadows: readonly { readonly scope: ScopeName; readonly pattern: string }[];
}

export async function previewGrant(
	host: CliHost,
	logs: readonly string[],
	policy: ComposedPolicy,
	env: PolicyEnvironment,
	grant: { readonly surface: string; readonly pattern: string },
): Promise<GrantPreview> {
	const since = Date.parse(host.today()) - WINDOW_DAYS * 86_400_000;
	let window: LoggedDecision[] = [];
	for (const log of logs) {
		if ((await host.history.kind(log)) !== "file") continue;
		for await (const record of jsonlRecords(host.history.lines(log))) {
			const decision = decisionOf(record);
			if (decision === null || !(Date.parse(decision.time) >= since)) continue;
			window.push(decision);
			if (window.length > 2 * WINDOW_DECISIONS) window = window.slice(-WINDOW_DECISIONS);
		}
	}
	window = window.slice(-WINDOW_DECISIONS);
	const matches = matcher(grant, env);
	const changed = new Map<string, LoggedDecision>();
	const denied = new Set<string>();
	for (const decision of window) {
		if (decision.surface !== grant.surface || !matches(decision.value)) continue;
		if (decision.resolution === "policy_deny") denied.add(decision.call);
		else if (ASKED_RESOLUTIONS.has(decision.resolution) && !changed.has(decision.call))
			changed.set(decision.call, decision);
	}
	for (const call of denied) changed.delete(call);
	const shadows = policy.rules.flatMap((rule) =>
		isScope(rule.origin) &&
		rule.surface === grant.surface &&
		rule.action === "allow" &&
		rule.pattern !== grant.pattern &&
		patternContains(grant.pattern, rule.pattern)
			? [{ scope: rule.origin, pattern: rule.pattern }]
			: [],
	);
	return {
		considered: window.length,
		changed: changed.size,
		examples: [...changed.values()].slice(-EXAMPLES).map(({ time, value }) => ({ time, value })),
		stillDenied: denied.size,
		shadows,
	};
}

/** Whether the rule matches a logged value, by the engine's own matching (a one-rule policy decides it). */
function matcher(grant: { readonly surface: string; readonly pattern: string }, env: PolicyEnvironment) {
	const validated = validateConfig({ permission: { [grant.surface]: { "*": "ask", [grant.pattern]: "allow" } } });
	if (!validated.ok) return () => false;
	const policy = composePolicy({ scopes: [{ scope: "global", status: "valid", config: validated.value.config }], env });
	return (value: string) => policy.decision.evaluate(grant.surface, value).state === "allow";
}

function decisionOf(record: Record<string, unknown> | null): LoggedDecision | null {
	if (record === null || record.event !== "permission_decision") return null;
	const { time, surface, value, resolution, toolCallId, requestId } = record;
	const call = typeof toolCallId === "string" ? toolCallId : typeof requestId === "string" ? requestId : null;
	if (typeof time !== "string" || typeof surface !== "string" || typeof value !== "string") return null;
	if (typeof resolution !== "string" || call === null) return null;
	return { call, time, surface, value, resolution };
}

function isScope(origin: string): origin is ScopeName {
	return origin === "global" || origin === "project" || origin === "agent" || origin === "project-agent";
}
