import { describe, expect, it } from "vitest";
import type { AskDetails, PermissionCheck, TerminalDecision } from "../../src/chain/authorizer";
import { systemClock } from "../../src/clock";
import type { ForwardedRequest } from "../../src/forwarding/forwarded-request";
import { ForwardedRequestResolver } from "../../src/forwarding/forwarded-request-resolver";
import { localPayload } from "../support/ask-details";
import { ASK } from "../support/forwarding-harness";
import { MemoryLog } from "../support/memory-log";

const request: ForwardedRequest = {
	id: "r1",
	createdAt: 1,
	requesterSessionId: "c1",
	targetSessionId: "p",
	requesterAgentName: "scout",
	requesterPid: null,
	payload: localPayload(),
	accessIntent: {
		surface: "bash",
		matchValues: ["git push"],
		boundaryValue: null,
		requesterCwd: "/w",
		principal: { sessionId: "c1", agentName: "scout" },
	},
};
const allow: TerminalDecision = { verdict: "allow", scope: "once", decidedBy: { kind: "user", via: "dialog" } };

function resolverWith(
	check: () => PermissionCheck,
	escalate: (details: AskDetails) => Promise<TerminalDecision>,
	escalationTimeoutMs = 10_000,
) {
	return new ForwardedRequestResolver({
		query: { checkPermission: () => ASK, resolveForwarded: check },
		escalator: { escalate },
		log: new MemoryLog(),
		clock: systemClock,
		pollIntervalMs: 2,
		escalationTimeoutMs,
	});
}

describe("ForwardedRequestResolver", () => {
	// ADR 0036 (seed 000, "Subagent permission forwarding"; ADR 0036).
	it("loads the requester agent's policy before consulting it", async () => {
		const order: string[] = [];
		const resolver = new ForwardedRequestResolver({
			query: {
				checkPermission: () => ASK,
				resolveForwarded: (_facts, agentName) => {
					order.push(`resolve ${agentName}`);
					return { state: "deny", matchedPattern: "git push", origin: "agent", reason: null };
				},
				preparePolicy: async (agentName) => {
					await Promise.resolve();
					order.push(`prepare ${agentName}`);
				},
			},
			escalator: { escalate: async () => allow },
			log: new MemoryLog(),
			clock: systemClock,
			pollIntervalMs: 2,
			escalationTimeoutMs: 10_000,
		});
		const resolution = await resolver.resolve(request, async () => true);
		expect(order).toEqual(["prepare scout", "resolve scout"]);
		expect(resolution).toMatchObject({
			via: "policy",
			decision: { verdict: "deny", decidedBy: { kind: "rule", pattern: "git push", origin: "agent" } },
		});
	});

	// ADR 0036 (ADR 0023; ADR 0036): the serving session's yolo settles what its recorded policy left open.
	it("lets the serving session's yolo settle an ask its policy left open, before anyone is asked", async () => {
		let escalated = 0;
		const resolver = new ForwardedRequestResolver({
			query: { checkPermission: () => ASK, resolveForwarded: () => ASK },
			escalator: {
				escalate: async () => {
					escalated += 1;
					return allow;
				},
			},
			log: new MemoryLog(),
			clock: systemClock,
			pollIntervalMs: 2,
			escalationTimeoutMs: 10_000,
			forwardedYolo: () => ({
				verdict: "allow",
				scope: "once",
				decidedBy: { kind: "yolo", pattern: "<opaque-bash-wrapper>" },
			}),
		});
		expect(await resolver.resolve(request, async () => true)).toMatchObject({
			via: "policy",
			decision: { verdict: "allow", decidedBy: { kind: "yolo" } },
		});
		expect(escalated).toBe(0);
	});

	it("escalates an allow that names no rule instead of granting it unattributed", async () => {
		let escalated = 0;
		const resolver = resolverWith(
			() => ({ state: "allow", matchedPattern: null, origin: null }),
			async () => {
				escalated += 1;
				return allow;
			},
		);
		expect((await resolver.resolve(request, async () => true)).via).toBe("escalated");
		expect(escalated).toBe(1);
	});

	it("denies as a gate_error when the policy query throws, without asking anyone", async () => {
		const resolver = resolverWith(
			() => {
				throw new Error("engine down");
			},
			async () => allow,
		);
		expect((await resolver.resolve(request, async () => true)).decision).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "gate_error" },
		});
	});

	it("abandons an open escalation when the requester withdraws, and signals the prompt to close", async () => {
		let signal: AbortSignal | undefined;
		let waiting = true;
		const resolver = resolverWith(
			() => ASK,
			(details) => {
				signal = details.signal;
				waiting = false;
				return new Promise<TerminalDecision>(() => undefined);
			},
		);
		const resolution = await resolver.resolve(request, async () => waiting);
		expect(resolution.decision).toMatchObject({
			verdict: "deny",
			unavailable: true,
			reason: "the requester withdrew its ask",
		});
		expect(signal?.aborted).toBe(true);
	});

	it("bounds an open escalation by the serving timeout", async () => {
		const resolver = resolverWith(
			() => ASK,
			() => new Promise<TerminalDecision>(() => undefined),
			20,
		);
		const resolution = await resolver.resolve(request, async () => true);
		expect(resolution.decision).toMatchObject({ verdict: "deny", unavailable: true });
		expect(resolution.decision.verdict === "deny" && resolution.decision.reason).toMatch(/no answer within 20 ms/);
	});

	it("turns an escalator that rejects against its contract into a gate_error deny", async () => {
		const resolver = resolverWith(
			() => ASK,
			() => Promise.reject(new Error("bug")),
		);
		expect((await resolver.resolve(request, async () => true)).decision).toMatchObject({
			verdict: "deny",
			decidedBy: { kind: "gate_error" },
		});
	});
});
