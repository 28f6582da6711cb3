import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { DecisionFact } from "@pi-permissions/engine";
import type { LocalPromptPayload } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { DEBUG_LOG_MAX_EVIDENCE, debugLogFile } from "../../src/logs/debug-log";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { type SessionLogSettings, SessionLogs } from "../../src/logs/session-logs";
import { readJsonl } from "../support/jsonl-records";

const NOW = () => Date.parse("2026-11-30T12:00:00.000Z");
const BOTH: SessionLogSettings = { permissionReviewLog: true, debugLog: true, reviewLogFieldMaxWidth: 200 };

function agentDir(): string {
	return mkdtempSync(join(tmpdir(), "pp-session-logs-"));
}

const records = readJsonl;

function payload(evidence: LocalPromptPayload["evidence"]): LocalPromptPayload {
	return {
		kind: "tool",
		request: {
			requester: { agentName: null, sessionId: "s-1", subagent: false },
			surface: "deploy",
			toolName: "deploy",
			invokedToolName: null,
			value: "*",
			matchedPattern: "*",
			ruleOrigin: "global",
			commandContext: null,
			executedUnit: null,
		},
		evidence,
		annotations: [{ kind: "session-suggestion", text: "deploy" }],
		answerableBy: "any-authorizer",
	};
}

function fact(index: number, overrides: Partial<DecisionFact> = {}): DecisionFact {
	return {
		requestId: `req-${index}`,
		toolCallId: `call_${index}`,
		toolName: "bash",
		agentName: null,
		gate: "bash-path",
		surface: "bash",
		value: `echo ${index}`,
		result: "allow",
		resolution: "policy_allow",
		matchedPattern: "echo *",
		origin: "global",
		decidedBy: "policy",
		reason: null,
		payload: null,
		sessionPatterns: [],
		...overrides,
	};
}

/** Drives `facts` through the session's sinks the way the session does: one call handed over, then its facts. */
function decide(logs: SessionLogs, facts: readonly DecisionFact[]): void {
	const sinks = logs.sinks;
	for (const item of facts) {
		logs.counters.callStarted();
		for (const sink of sinks) sink.emit(item);
	}
}

describe("SessionLogs", () => {
	it("writes the session summary to the review log at close, once", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		decide(logs, [
			fact(1),
			fact(2, { result: "deny", resolution: "policy_deny" }),
			fact(3, { resolution: "user_approved", decidedBy: "user" }),
		]);
		logs.close();
		logs.close();
		const summaries = records(reviewLogFile(dir)).filter((record) => record.event === "session_summary");
		expect(summaries).toEqual([
			{
				time: "2026-11-30T12:00:00.000Z",
				event: "session_summary",
				sessionId: "s-1",
				toolCalls: 3,
				allowed: 2,
				blocked: 1,
				asked: 1,
				errors: 0,
				byDecider: [
					{ decider: "policy", count: 2 },
					{ decider: "user", count: 1 },
				],
			},
		]);
		expect(records(reviewLogFile(dir)).some((record) => record.event === "counter_mismatch")).toBe(false);
	});

	it("writes a counter_mismatch warning when a call handed to the runner was never decided", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		decide(logs, [fact(1)]);
		logs.counters.callStarted();
		logs.close();
		const warning = records(reviewLogFile(dir)).find((record) => record.event === "counter_mismatch");
		expect(warning).toMatchObject({ level: "warning", sessionId: "s-1", toolCalls: 2, decided: 1 });
	});

	it("writes an authorizer link's review, failure or skip, a forwarded ask's wait and answer, and serving, to the review log too", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		const authority = logs.authority;
		authority.event("authorizer_link_failed", { name: "judge", requestId: "r1", reason: "timeout", latencyMs: 1500 });
		authority.event("authorizer_link_reviewed", { name: "judge", requestId: "r2", verdict: "defer", latencyMs: 80 });
		authority.event("forwarded_permission.request_created", { requestId: "r3", targetSessionId: "p-1" });
		authority.event("forwarded_permission.responded", { requestId: "r4", state: "approved", decidedBy: "user" });
		authority.event("authorizer_chain_unregistered_link", { name: "judge", requestId: "r5" });
		authority.event("forwarded_permission.serving_started", { sessionId: "s-1" });
		authority.event("forwarded_permission.serving_stopped", { sessionId: "s-1" });
		authority.event("authorizer_chain_resolved", { requestId: "r6" });
		logs.close();
		const reviewed = records(reviewLogFile(dir)).filter((record) => record.event !== "session_summary");
		expect(reviewed).toEqual([
			expect.objectContaining({ event: "authorizer_link_failed", reason: "timeout", latencyMs: 1500 }),
			expect.objectContaining({ event: "authorizer_link_reviewed", verdict: "defer", latencyMs: 80 }),
			expect.objectContaining({
				event: "forwarded_permission.request_created",
				requestId: "r3",
				targetSessionId: "p-1",
			}),
			expect.objectContaining({ event: "forwarded_permission.responded", requestId: "r4", decidedBy: "user" }),
			expect.objectContaining({ event: "authorizer_chain_unregistered_link", name: "judge", requestId: "r5" }),
			expect.objectContaining({ event: "forwarded_permission.serving_started", sessionId: "s-1" }),
			expect.objectContaining({ event: "forwarded_permission.serving_stopped", sessionId: "s-1" }),
		]);
		const debugEvents = records(debugLogFile(dir)).map((record) => record.event);
		expect(debugEvents).toContain("authorizer_link_failed");
		expect(debugEvents).toContain("forwarded_permission.request_created");
	});

	// ADR 0046: a refused forgery and an unverifiable parent are records the operator reviews, their ids intact.
	it("writes each forged answer a subagent refused, and a parent it cannot verify, to the review log", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		const requestId = `perm-${"0123456789abcdef".repeat(2)}`;
		const contentDigest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
		logs.authority.event("forwarded_permission.forgery", {
			requestId,
			targetSessionId: "p-1",
			forgery: "bad_signature",
			reason: "the signature does not verify under the parent's key (another key, or a changed byte)",
			contentDigest,
			responseFile: "/agent/sessions/permission-forwarding/sessions/p-1/responses/x.json",
		});
		logs.authority.event("forwarded_permission.parent_key_missing", {
			targetSessionId: "p-1",
			reason: "the parent session's answers cannot be verified: PI_PERMISSIONS_PARENT_KEY is not set",
		});
		logs.close();
		const reviewed = records(reviewLogFile(dir)).filter((record) => record.event !== "session_summary");
		expect(reviewed).toEqual([
			expect.objectContaining({
				event: "forwarded_permission.forgery",
				requestId,
				forgery: "bad_signature",
				contentDigest,
			}),
			expect.objectContaining({ event: "forwarded_permission.parent_key_missing", targetSessionId: "p-1" }),
		]);
	});

	it("writes a gate error the runner never saw, marked when it came before the session", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		const failed = {
			...fact(7),
			result: "deny" as const,
			resolution: "gate_error" as const,
			decidedBy: "gate_error" as const,
			reason: "config load threw",
		};
		logs.gateErrorOutsideRunner(failed, Date.parse("2026-11-30T11:59:00.000Z"), true);
		logs.close();
		expect(records(reviewLogFile(dir))[0]).toMatchObject({
			event: "permission_gate_error",
			beforeSession: true,
			resolution: "gate_error",
			reason: "config load threw",
			occurredAt: "2026-11-30T11:59:00.000Z",
		});
	});

	it("warns once, at the first failed write of either log, and keeps the failure for /permissions", () => {
		const root = agentDir();
		// A file where the log directory should be: every write fails.
		mkdirSync(join(root, "extensions", "pi-permissions"), { recursive: true });
		writeFileSync(join(root, "extensions", "pi-permissions", "logs"), "not a directory");
		const warnings: string[] = [];
		const logs = SessionLogs.open({
			agentDir: root,
			sessionId: "s-1",
			settings: BOTH,
			now: NOW,
			onWriteFailure: (message) => warnings.push(message),
		});
		decide(logs, [fact(1), fact(2)]);
		logs.close();
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(join(root, "extensions", "pi-permissions", "logs"));
		expect(logs.writeFailure).toBe(warnings[0]);
	});

	it("records the session's lifecycle and every decision in the debug log", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		decide(logs, [fact(1)]);
		logs.reloaded({ ok: true, issues: 0 });
		logs.authority.event("forwarded_permission.request_created", { requestId: "req-9", targetSessionId: "p-1" });
		logs.close();
		const events = records(debugLogFile(dir)).map((record) => record.event);
		expect(events).toEqual([
			"session_opened",
			"permission_decision",
			"config_reloaded",
			"forwarded_permission.request_created",
			"session_closed",
		]);
		const decision = records(debugLogFile(dir))[1];
		expect(decision).toMatchObject({ gate: "bash-path", matchedPattern: "echo *", origin: "global", value: "echo 1" });
	});

	it("masks a sensitive tool input in the debug log's evidence, and keeps the evidence bounded", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		const evidence = [
			{ label: "input password", text: "hunter2", detail: null },
			{ label: "input headers", text: '{"Authorization":"Bearer tok-123","accept":"json"}', detail: null },
			{ label: "input target", text: "prod", detail: null },
			...Array.from({ length: 40 }, (_, index) => ({ label: `input extra${index}`, text: "x", detail: null })),
		];
		decide(logs, [fact(1, { toolName: "deploy", resolution: "user_approved", payload: payload(evidence) })]);
		logs.close();
		const text = readFileSync(debugLogFile(dir), "utf8");
		for (const secret of ["hunter2", "tok-123"]) expect(text).not.toContain(secret);
		const decision = records(debugLogFile(dir)).find((record) => record.event === "permission_decision");
		const kept = decision?.evidence as Record<string, unknown>[];
		expect(kept).toHaveLength(DEBUG_LOG_MAX_EVIDENCE);
		expect(kept.slice(0, 3)).toEqual([
			{ label: "input password", text: "[redacted]", detail: null },
			{ label: "input headers", json: { Authorization: "[redacted]", accept: "json" }, detail: null },
			{ label: "input target", text: "prod", detail: null },
		]);
		expect(decision?.evidenceOmitted).toBe(evidence.length - DEBUG_LOG_MAX_EVIDENCE);
	});

	it("creates both logs 0600 inside a 0700 directory", () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		decide(logs, [fact(1)]);
		logs.close();
		for (const file of [reviewLogFile(dir), debugLogFile(dir)]) {
			expect(statSync(file).mode & 0o777).toBe(0o600);
			expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
		}
	});

	it("writes no debug log when `debugLog` is off, and no review log when `permissionReviewLog` is off", () => {
		const dir = agentDir();
		const settings = { permissionReviewLog: false, debugLog: false, reviewLogFieldMaxWidth: 200 };
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings, now: NOW });
		decide(logs, [fact(1)]);
		logs.authority.event("authorizer_chain_resolved", { links: 0 });
		logs.reloaded({ ok: true });
		expect(logs.close()).toMatchObject({ toolCalls: 1, allowed: 1 });
		expect(existsSync(debugLogFile(dir))).toBe(false);
		expect(existsSync(reviewLogFile(dir))).toBe(false);
	});

	it("keeps a 10,000-call session within twice the configured size, newest records last", () => {
		const dir = agentDir();
		const maxBytes = 64 * 1024;
		const logs = SessionLogs.open({
			agentDir: dir,
			sessionId: "s-1",
			settings: BOTH,
			now: NOW,
			maxBytes: { review: maxBytes, debug: maxBytes },
		});
		const calls = 10_000;
		decide(
			logs,
			Array.from({ length: calls }, (_, index) => fact(index)),
		);
		logs.close();
		for (const file of [reviewLogFile(dir), debugLogFile(dir)]) {
			const total = statSync(file).size + statSync(`${file}.1`).size;
			expect(total).toBeLessThanOrEqual(2 * maxBytes);
		}
		const review = records(reviewLogFile(dir));
		const lastDecision = review.filter((record) => record.event === "permission_decision").at(-1);
		expect(lastDecision?.requestId).toBe(`req-${calls - 1}`);
		expect(review.at(-1)).toMatchObject({ event: "session_summary", toolCalls: calls, allowed: calls });
		expect(records(debugLogFile(dir)).at(-1)?.event).toBe("session_closed");
	});

	it("writes a decision's review record before the decision returns, its debug record on the next turn, both timestamped when it was decided", async () => {
		const dir = agentDir();
		let clock = Date.parse("2026-11-30T12:00:00.000Z");
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: () => clock });
		decide(logs, [fact(1)]);
		// ADR 0047: whoever sees the call's outcome finds its review record already written.
		expect(records(reviewLogFile(dir))).toEqual([
			expect.objectContaining({ time: "2026-11-30T12:00:00.000Z", event: "permission_decision", requestId: "req-1" }),
		]);
		clock += 60_000;
		expect(records(debugLogFile(dir)).some((record) => record.event === "permission_decision")).toBe(false);
		await nextTurn();
		const debugDecision = records(debugLogFile(dir)).find((record) => record.event === "permission_decision");
		expect(debugDecision?.time).toBe("2026-11-30T12:00:00.000Z");
		expect(records(reviewLogFile(dir))).toHaveLength(1);
		logs.close();
	});

	it("writes every pending decision at close, before the summary, and nothing more when the scheduled flush runs", async () => {
		const dir = agentDir();
		const logs = SessionLogs.open({ agentDir: dir, sessionId: "s-1", settings: BOTH, now: NOW });
		decide(logs, [fact(1), fact(2)]);
		logs.close();
		const review = records(reviewLogFile(dir)).map((record) => record.event);
		const debug = records(debugLogFile(dir)).map((record) => record.event);
		expect(review).toEqual(["permission_decision", "permission_decision", "session_summary"]);
		expect(debug).toEqual(["session_opened", "permission_decision", "permission_decision", "session_closed"]);
		await nextTurn();
		expect(records(reviewLogFile(dir)).map((record) => record.event)).toEqual(review);
		expect(records(debugLogFile(dir)).map((record) => record.event)).toEqual(debug);
	});
});
