import type { DecisionFact, DecisionResolution } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { countersBalance, DecisionCounters } from "../../src/logs/decision-counters";

let nextRequest = 0;

function fact(
	toolCallId: string | null,
	resolution: DecisionResolution,
	decidedBy: DecisionFact["decidedBy"] = "policy",
): DecisionFact {
	nextRequest += 1;
	const allowed = !["policy_deny", "user_denied", "confirmation_unavailable", "gate_error"].includes(resolution);
	return {
		requestId: `req-${nextRequest}`,
		toolCallId,
		toolName: "bash",
		agentName: null,
		gate: "tool",
		surface: "bash",
		value: "ls",
		result: allowed ? "allow" : "deny",
		resolution,
		matchedPattern: null,
		origin: null,
		decidedBy,
		reason: null,
		payload: null,
		sessionPatterns: [],
	};
}

/** Each call: the runner is handed the call, then it emits the call's facts in order. */
function count(calls: readonly (readonly DecisionFact[])[]): DecisionCounters {
	const counters = new DecisionCounters();
	for (const facts of calls) {
		counters.callStarted();
		for (const item of facts) counters.emit(item);
	}
	return counters;
}

describe("DecisionCounters", () => {
	it.each([
		["a policy allow", [fact("c", "policy_allow")], { allowed: 1, blocked: 0, errors: 0, asked: 0 }],
		["a policy deny", [fact("c", "policy_deny")], { allowed: 0, blocked: 1, errors: 0, asked: 0 }],
		["a human's approval", [fact("c", "user_approved", "user")], { allowed: 1, blocked: 0, errors: 0, asked: 1 }],
		["a human's denial", [fact("c", "user_denied", "user")], { allowed: 0, blocked: 1, errors: 0, asked: 1 }],
		["an unanswerable ask", [fact("c", "confirmation_unavailable")], { allowed: 0, blocked: 1, errors: 0, asked: 1 }],
		["a yolo auto-approval", [fact("c", "auto_approved", "yolo")], { allowed: 1, blocked: 0, errors: 0, asked: 0 }],
		["a gate error", [fact("c", "gate_error", "gate_error")], { allowed: 0, blocked: 0, errors: 1, asked: 0 }],
		[
			"an ask the sandbox answered (ADR 0059)",
			[fact("c", "sandbox_answered", "sandbox")],
			{ allowed: 1, blocked: 0, errors: 0, asked: 0 },
		],
		[
			"two allowed gates of one call",
			[fact("c", "policy_allow"), fact("c", "session_approved", "session")],
			{ allowed: 1, blocked: 0, errors: 0, asked: 0 },
		],
		[
			"an allowed gate then a denying one",
			[fact("c", "policy_allow"), fact("c", "policy_deny")],
			{ allowed: 0, blocked: 1, errors: 0, asked: 0 },
		],
		[
			"an allowed gate then a gate error",
			[fact("c", "policy_allow"), fact("c", "gate_error", "gate_error")],
			{ allowed: 0, blocked: 0, errors: 1, asked: 0 },
		],
	])("counts %s as one call with its outcome", (_name, facts, expected) => {
		const summary = count([facts]).summary();
		expect(summary).toMatchObject({ toolCalls: 1, ...expected });
		expect(countersBalance(summary)).toBe(true);
	});

	it("counts calls that reuse a tool-call id as separate calls", () => {
		const summary = count([[fact("call_1", "policy_allow")], [fact("call_1", "policy_deny")]]).summary();
		expect(summary).toMatchObject({ toolCalls: 2, allowed: 1, blocked: 1 });
	});

	it("counts a fact without a tool-call id (a skill input) as its own call", () => {
		const summary = count([[fact(null, "policy_allow")], [fact(null, "policy_deny")]]).summary();
		expect(summary).toMatchObject({ toolCalls: 2, allowed: 1, blocked: 1 });
	});

	it("counts facts per decider, most frequent first", () => {
		const summary = count([
			[fact("a", "user_approved", "user")],
			[fact("b", "policy_allow")],
			[fact("c", "user_denied", "user")],
			[fact("d", "user_approved", "authorizer:guard")],
		]).summary();
		expect(summary.byDecider).toEqual([
			{ decider: "user", count: 2 },
			{ decider: "authorizer:guard", count: 1 },
			{ decider: "policy", count: 1 },
		]);
		expect(summary.asked).toBe(3);
	});

	it("shows a call handed to the runner whose decision never arrived as an imbalance", () => {
		const summary = count([[fact("a", "policy_allow")], [], [fact("c", "policy_deny")]]).summary();
		expect(summary).toMatchObject({ toolCalls: 3, allowed: 1, blocked: 1, errors: 0 });
		expect(countersBalance(summary)).toBe(false);
	});

	it("keeps counting after a summary is taken", () => {
		const counters = count([[fact("a", "policy_allow")]]);
		expect(counters.summary().allowed).toBe(1);
		counters.callStarted();
		counters.emit(fact("b", "policy_allow"));
		expect(counters.summary()).toMatchObject({ toolCalls: 2, allowed: 2 });
	});

	it("starts at zero and balanced", () => {
		const summary = new DecisionCounters().summary();
		expect(summary).toEqual({ toolCalls: 0, allowed: 0, blocked: 0, asked: 0, errors: 0, byDecider: [] });
		expect(countersBalance(summary)).toBe(true);
	});
});
