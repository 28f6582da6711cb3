import type { AskDetails, DecisionSource, TerminalDecision } from "@pi-permissions/authority";
import type { AskAnswer, AskRequest, GateOutcome } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { AuthorityAskEscalator, answerOf, deciderName, denierOf } from "../../src/authority/authority-ask-escalator";

const ANSWERS: readonly { name: string; decision: TerminalDecision; answer: AskAnswer }[] = [
	{
		name: "a one-time user approval",
		decision: { verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "select" } },
		answer: { kind: "allow-once", decidedBy: "user", byPerson: true },
	},
	{
		name: "a session approval",
		decision: { verdict: "allow", scope: "requester-session", decidedBy: { kind: "user", via: "dialog" } },
		answer: { kind: "allow-session", decidedBy: "user", byPerson: true },
	},
	{
		name: "an authorizer's denial",
		decision: {
			verdict: "deny",
			reason: "not on Fridays",
			unavailable: false,
			decidedBy: { kind: "authorizer", name: "ci", verdict: "deny", reason: "not on Fridays" },
		},
		answer: {
			kind: "deny",
			reason: "not on Fridays",
			decidedBy: "authorizer:ci",
			denier: { kind: "judge", name: "ci", inParent: false },
		},
	},
	{
		name: "nobody to ask",
		decision: {
			verdict: "deny",
			reason: "no UI",
			unavailable: true,
			decidedBy: { kind: "unavailable", reason: "no UI" },
		},
		answer: { kind: "unavailable", reason: "no UI", decidedBy: "unavailable" },
	},
	{
		name: "a parent's forwarded approval",
		decision: {
			verdict: "allow",
			scope: "once",
			decidedBy: { kind: "forwarded", responderSessionId: "p", decision: { kind: "user", via: "dialog" } },
		},
		answer: { kind: "allow-once", decidedBy: "parent", byPerson: true },
	},
	{
		name: "a parent's policy approval",
		decision: {
			verdict: "allow",
			scope: "once",
			decidedBy: {
				kind: "forwarded",
				responderSessionId: "p",
				decision: { kind: "rule", surface: "bash", pattern: "git status *", origin: "global" },
			},
		},
		answer: { kind: "allow-once", decidedBy: "parent", byPerson: false },
	},
	{
		name: "an authorizer's approval",
		decision: {
			verdict: "allow",
			scope: "once",
			decidedBy: { kind: "authorizer", name: "ci", verdict: "allow", reason: null },
		},
		answer: { kind: "allow-once", decidedBy: "authorizer:ci", byPerson: false },
	},
];

describe("answerOf", () => {
	it.each(ANSWERS)("maps $name to the runner's answer", ({ decision, answer }) => {
		expect(answerOf(decision)).toEqual(answer);
	});

	it("answers a gate-error decision as failed so the runner blocks the call as a gate error (ADR 0043)", () => {
		const decision: TerminalDecision = {
			verdict: "deny",
			reason: "the prompt failed",
			unavailable: false,
			decidedBy: { kind: "gate_error", reason: "the prompt failed" },
		};
		expect(answerOf(decision)).toEqual({ kind: "failed", reason: "the prompt failed" });
	});
});

function forwarded(decision: DecisionSource): DecisionSource {
	return { kind: "forwarded", responderSessionId: "parent", decision };
}

// ADR 0036 (seed 000, "Subagent permission forwarding"): the agent is told who really refused, one row per kind.
describe("denierOf", () => {
	it.each<{ name: string; source: DecisionSource; denier: ReturnType<typeof denierOf> }>([
		{ name: "this session's user", source: { kind: "user", via: "dialog" }, denier: { kind: "user" } },
		{
			name: "this session's policy",
			source: { kind: "rule", surface: "bash", pattern: "git push *", origin: "global" },
			denier: { kind: "policy" },
		},
		{
			name: "the parent session's policy, with its rule and scope",
			source: forwarded({ kind: "rule", surface: "bash", pattern: "git push *", origin: "project" }),
			denier: { kind: "parent-policy", pattern: "git push *", scope: "project" },
		},
		{
			name: "the parent's user",
			source: forwarded({ kind: "user", via: "select" }),
			denier: { kind: "parent-user" },
		},
		{
			name: "a model judge here",
			source: { kind: "authorizer", name: "model-judge", verdict: "deny", reason: "no" },
			denier: { kind: "judge", name: "model-judge", inParent: false },
		},
		{
			name: "a model judge in the parent, two hops up",
			source: forwarded(forwarded({ kind: "authorizer", name: "model-judge", verdict: "deny", reason: null })),
			denier: { kind: "judge", name: "model-judge", inParent: true },
		},
	])("names $name", ({ source, denier }) => {
		expect(denierOf(source)).toEqual(denier);
	});

	it("reports nobody available as `unavailable`, never as a denier", () => {
		const decision: TerminalDecision = {
			verdict: "deny",
			reason: "no serving session",
			unavailable: true,
			decidedBy: forwarded({ kind: "unavailable", reason: "no serving session" }),
		};
		expect(answerOf(decision)).toEqual({ kind: "unavailable", reason: "no serving session", decidedBy: "parent" });
	});
});

describe("deciderName", () => {
	it.each([
		[{ kind: "rule", surface: "bash", pattern: "git *", origin: "global" } as const, "policy"],
		[{ kind: "session_approval", surface: "bash", pattern: "git *" } as const, "session"],
		[{ kind: "yolo", pattern: "*" } as const, "yolo"],
		[{ kind: "infrastructure_read" } as const, "infrastructure"],
		[{ kind: "gate_error", reason: "x" } as const, "gate_error"],
	])("names %o as %s", (source, name) => {
		expect(deciderName(source)).toBe(name);
	});
});

describe("AuthorityAskEscalator", () => {
	it("hands authority the ask's request id, payload, agent and gate facts, unforwarded", async () => {
		const seen: AskDetails[] = [];
		const escalator = new AuthorityAskEscalator({
			escalate: async (details) => {
				seen.push(details);
				return { verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "select" } };
			},
		});
		// The deciding gate fixed these facts on the outcome (ADR 0041); the escalator hands them on unchanged.
		const access: GateOutcome["access"] = { surface: "path", matchValues: ["/p/.env"], boundaryValue: "/p/.env" };
		const outcome = { surface: "path", value: "/p/.env", basis: "rule", access } as GateOutcome;
		const payload = { kind: "path" } as unknown as AskRequest["payload"];
		const ask: AskRequest = {
			requestId: "req-1",
			call: { toolName: "read", input: {}, agentName: "reviewer", toolCallId: "c1" },
			outcome,
			payload,
		};
		expect(await escalator.escalate(ask)).toEqual({ kind: "allow-once", decidedBy: "user", byPerson: true });
		expect(seen).toEqual([
			{
				requestId: "req-1",
				payload,
				access: { surface: "path", matchValues: ["/p/.env"], boundaryValue: "/p/.env" },
				agentName: "reviewer",
				forwarding: null,
			},
		]);
	});
});
