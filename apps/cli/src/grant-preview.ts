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
import { isObject } from "./replay/jsonl-records";
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
	const window = await newestDecisions(host, logs, since);
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

/**
 * The last `WINDOW_DECISIONS` decisions of the window, oldest first, read from the end of the newest log (the logs are
 * given oldest first), so a 10 MB log costs the tail that holds them (ADR 0061). Records older than the window are
 * skipped, and reading stops after `WINDOW_DECISIONS` of them in a row: the log is past the window there.
 */
async function newestDecisions(host: CliHost, logs: readonly string[], since: number): Promise<LoggedDecision[]> {
	const newest: LoggedDecision[] = [];
	let olderInARow = 0;
	for (const log of [...logs].reverse()) {
		if ((await host.history.kind(log)) !== "file") continue;
		for await (const line of host.history.linesFromEnd(log)) {
			// Only decision records are parsed; the other events cost a substring search.
			if (!line.includes(DECISION_EVENT)) continue;
			const decision = decisionOf(parsedRecord(line));
			if (decision === null) continue;
			if (!(Date.parse(decision.time) >= since)) {
				olderInARow += 1;
				if (olderInARow >= WINDOW_DECISIONS) return newest.reverse();
				continue;
			}
			olderInARow = 0;
			newest.push(decision);
			if (newest.length >= WINDOW_DECISIONS) return newest.reverse();
		}
	}
	return newest.reverse();
}

const DECISION_EVENT = "permission_decision";

/** A line's JSON object, or `null` for a line that is not one (a torn line, another format). */
function parsedRecord(line: string): Record<string, unknown> | null {
	try {
		const value: unknown = JSON.parse(line);
		return isObject(value) ? value : null;
	} catch {
		return null;
	}
}

/** Whether the rule matches a logged value, by the engine's own matching (a one-rule policy decides it). */
function matcher(grant: { readonly surface: string; readonly pattern: string }, env: PolicyEnvironment) {
	const validated = validateConfig({ permission: { [grant.surface]: { "*": "ask", [grant.pattern]: "allow" } } });
	if (!validated.ok) return () => false;
	const policy = composePolicy({ scopes: [{ scope: "global", status: "valid", config: validated.value.config }], env });
	return (value: string) => policy.decision.evaluate(grant.surface, value).state === "allow";
}

function decisionOf(record: Record<string, unknown> | null): LoggedDecision | null {
	if (record === null || record.event !== DECISION_EVENT) return null;
	const { time, surface, value, resolution, toolCallId, requestId } = record;
	const call = typeof toolCallId === "string" ? toolCallId : typeof requestId === "string" ? requestId : null;
	if (typeof time !== "string" || typeof surface !== "string" || typeof value !== "string") return null;
	if (typeof resolution !== "string" || call === null) return null;
	return { call, time, surface, value, resolution };
}

function isScope(origin: string): origin is ScopeName {
	return origin === "global" || origin === "project" || origin === "agent" || origin === "project-agent";
}
