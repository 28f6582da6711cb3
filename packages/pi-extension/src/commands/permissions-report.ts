/**
 * Owns: the plain-text reports `/permissions` shows: the effective policy with each rule's origin and scope file,
 * config issues and notices, the session's grants, and the log paths; every report bounded in lines and width.
 * Never: reads the disk or Pi's context; it formats what the session hands it.
 */
import type { PersistedGrant } from "@pi-permissions/engine";
import { type ConfigLoadResult, formatConfigLoadIssue, grantEndText } from "@pi-permissions/engine";
import {
	boundText,
	type ComposedPolicy,
	type ExpiredGrant,
	managedReportLines,
	type SessionGrant,
} from "@pi-permissions/policy";
import { type ChainLinkProblem, chainReportLines } from "../authority/chain-health";
import type { TelemetryStats } from "../logs/telemetry-sink";

/** Lines a report shows at most; the rest is counted, not shown. */
export const REPORT_MAX_LINES = 60;
/** Characters one line shows at most. */
export const REPORT_LINE_MAX_WIDTH = 160;

/**
 * What the bare `/permissions` summarises besides the policy: the session's grants, the logs, a failed log write, and
 * the authorizer chain with the links in it that are not answering.
 */
interface SessionSummary {
	readonly grants: readonly SessionGrant[];
	readonly reviewLog: string | null;
	readonly debugLog: string | null;
	readonly logWriteFailure: string | null;
	/** The export of decisions to the team's collector (ADR 0060); `null` or absent when none is configured. */
	readonly telemetry?: TelemetryStats | null;
	readonly chain?: { readonly names: readonly string[]; readonly problems: readonly ChainLinkProblem[] };
}

export function policyReport(
	config: ConfigLoadResult,
	policy: ComposedPolicy,
	launcherYolo: boolean,
	summary: SessionSummary | null = null,
): string {
	const files = new Map(config.reports.map((report) => [report.scope as string, report.file]));
	if (policy.managed !== null) files.set("managed", policy.managed.file);
	const lines = [`pi-permissions: yolo ${yoloState(policy, launcherYolo)}`];
	// ADR 0060: the managed file, its sha256 and the keys in force (or why it is refused) before anything is cut.
	if (policy.managed !== null) lines.push(...managedReportLines(policy.managed));
	// First, so the line bound never cuts them: a warning, then where the grants and the logs are, then the mode.
	if (summary !== null) lines.push(...summaryLines(summary));
	lines.push(`mode: ${policy.mode} (allowed: ${policy.modes.allowed.join(", ")}; /permissions mode to list or switch)`);
	for (const report of config.reports) {
		const where = report.file === null ? "" : ` (${report.file})`;
		// An invalid file still contributes its denies (ADR 0021): say so, or its rules below read as the whole file.
		const invalid =
			report.status === "invalid" ? ": its denies still apply, its other rules do not; every allow is asked" : "";
		lines.push(`scope ${report.scope}: ${report.status}${where}${invalid}`);
	}
	const broken = new Set<string>(policy.failClosedScopes);
	lines.push("rules (surface  pattern  action  origin  file), last match wins:");
	for (const rule of policy.displayRules) {
		const file = files.get(rule.origin) ?? null;
		// INVARIANT: an invalid scope contributes only the denies salvaged from its file.
		const kept = broken.has(rule.origin) ? "  (kept from the invalid file)" : "";
		lines.push(
			`  ${rule.surface}  ${rule.pattern}  ${rule.action}  ${rule.origin}${file === null ? "" : `  ${file}`}${kept}`,
		);
	}
	for (const issue of config.issues) lines.push(`issue: ${formatConfigLoadIssue(issue)}`);
	for (const notice of config.notices) lines.push(`notice: ${notice.message} (${notice.file})`);
	for (const notice of policy.notices) lines.push(`notice: ${notice.message}`);
	return bounded(lines);
}

function summaryLines(summary: SessionSummary): string[] {
	const lines: string[] = [];
	if (summary.logWriteFailure !== null)
		lines.push(`warning: a log write failed, records are being lost: ${summary.logWriteFailure}`);
	const chain = summary.chain;
	if (chain !== undefined && chain.names.length > 0) {
		for (const problem of chain.problems) {
			const [first, ...rest] = chainReportLines(problem);
			lines.push(`warning: ${first}`, ...rest);
		}
		if (chain.problems.length === 0) lines.push(`authorizer chain: ${chain.names.join(", ")} (every link registered)`);
	}
	const count = summary.grants.length;
	lines.push(`session grants: ${count === 0 ? "none" : count} (list and revoke: /permissions grants)`);
	const review = summary.reviewLog ?? "off";
	const debug = summary.debugLog ?? "off";
	lines.push(`logs: review ${review}, debug ${debug} (details: /permissions logs)`);
	const telemetry = summary.telemetry ?? null;
	if (telemetry !== null) {
		// The endpoint only: its headers hold credentials and are never shown.
		lines.push(`telemetry: ${telemetry.endpoint}: ${telemetry.sent} sent, ${telemetry.dropped} dropped`);
		if (telemetry.problem !== null) lines.push(`warning: ${telemetry.problem}`);
	}
	return lines;
}

export function grantsReport(
	grants: readonly SessionGrant[],
	persisted: readonly PersistedGrant[] = [],
	expired: readonly ExpiredGrant[] = [],
	now = 0,
): string {
	const lines =
		grants.length === 0
			? ["pi-permissions: no session grants"]
			: ["pi-permissions: session grants (revoke with /permissions revoke <id>):"];
	for (const grant of grants) {
		lines.push(`  ${grant.id}  ${grant.rule.surface}  ${grant.rule.pattern}  ${grant.rule.action}${remaining(grant)}`);
	}
	if (expired.length > 0) lines.push("pi-permissions: expired session grants (they decide nothing now):");
	for (const { grant, reason, at } of expired) {
		const { surface, pattern, action } = grant.rule;
		lines.push(
			`  ${grant.id}  ${surface}  ${pattern}  ${action}  ${boundText(grant.bound)}, expired ${EXPIRY_TEXT[reason]} at ${clock(at)}`,
		);
	}
	if (persisted.length === 0) lines.push("pi-permissions: no persisted grants");
	else lines.push("pi-permissions: persisted grants (forget with /permissions forget <id>):");
	for (const grant of persisted) {
		// ADR 0061: what remains of one that ends, or that it expired (it decides nothing; its line stays).
		const end = grantEndText(grant.expires, now);
		lines.push(
			`  ${grant.id}  ${grant.scope}  ${grant.file}:${grant.line}  ${grant.surface}  ${JSON.stringify(grant.pattern)}  ${grant.date ?? "-"}${end === "" ? "" : `  ${end}`}`,
		);
	}
	return bounded(lines);
}

const EXPIRY_TEXT: Record<ExpiredGrant["reason"], string> = {
	turn: "with its turn",
	time: "on time",
	calls: "after its last call",
};

/** What is left of a bounded grant; nothing for a session grant. */
function remaining(grant: SessionGrant): string {
	switch (grant.bound.kind) {
		case "session":
			return "";
		case "turn":
			return "  for this turn";
		case "minutes":
			return `  ${boundText(grant.bound)}, until ${clock(grant.endsAt ?? 0)}`;
		case "calls":
			return `  ${boundText(grant.bound)}, ${grant.callsLeft ?? 0} left`;
		default: {
			const unhandled: never = grant.bound;
			throw new Error(`unhandled bound ${String(unhandled)}`);
		}
	}
}

/** An instant as UTC `YYYY-MM-DD HH:MM:SS`: the report must not depend on the machine's time zone. */
function clock(epochMs: number): string {
	return new Date(epochMs).toISOString().slice(0, 19).replace("T", " ");
}

export function logsReport(
	reviewLog: string | null,
	logDirectory: string,
	debugLog: string | null = null,
	writeFailure: string | null = null,
): string {
	return bounded([
		`pi-permissions: logs in ${logDirectory}`,
		reviewLog === null ? "  review log: off (permissionReviewLog is false)" : `  review log: ${reviewLog}`,
		debugLog === null ? "  debug log: off (set debugLog to true)" : `  debug log: ${debugLog}`,
		...(writeFailure === null ? [] : [`  warning: a log write failed, records are being lost: ${writeFailure}`]),
	]);
}

function yoloState(policy: ComposedPolicy, launcherYolo: boolean): string {
	if (policy.yoloSuspended) {
		const scopes = policy.failClosedScopes.join(", ");
		const asked = launcherYolo ? " (asked for by --permissions-yolo or PI_PERMISSIONS_YOLO=1)" : "";
		return `suspended${asked}: the ${scopes} scope is invalid, so asks are asked until it is fixed`;
	}
	if (launcherYolo) return "on (forced by --permissions-yolo or PI_PERMISSIONS_YOLO=1)";
	return policy.yolo ? "on" : "off";
}

/** Caps the line count and each line's width, and keeps each line on one line. */
export function bounded(lines: readonly string[]): string {
	const shown = lines.slice(0, REPORT_MAX_LINES).map((line) => oneLine(line));
	if (lines.length > REPORT_MAX_LINES) shown.push(`… ${lines.length - REPORT_MAX_LINES} more lines`);
	return shown.join("\n");
}

function oneLine(line: string): string {
	// SECURITY: a pattern holding control characters or newlines must not forge extra report lines.
	const flat = [...line].map((char) => (isControl(char) ? "?" : char)).join("");
	return flat.length > REPORT_LINE_MAX_WIDTH ? `${flat.slice(0, REPORT_LINE_MAX_WIDTH - 1)}…` : flat;
}

function isControl(char: string): boolean {
	const code = char.codePointAt(0) ?? 0;
	return code < 0x20 || code === 0x7f;
}
