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
