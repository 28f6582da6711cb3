import { describe, expect, it } from "vitest";
import { buildForwardedAskPayload } from "../../src/build/forwarded-ask-payload";
import { bashPayload, forwardedPayload } from "../support/payload-fixtures";

describe("buildForwardedAskPayload", () => {
	it("keeps the child's payload whole and re-stamps only the requester from the provenance", () => {
		const child = bashPayload();
		expect(forwardedPayload()).toEqual({
			kind: "forwarded",
			request: { ...child.request, requester: { agentName: "scout", sessionId: "child-7", subagent: true } },
			evidence: [],
			annotations: [],
			forwarding: { requesterAgentName: "scout", requesterSessionId: "child-7" },
			child,
		});
	});

	it("ignores who the child claims to be", () => {
		const child = {
			...bashPayload(),
			request: { ...bashPayload().request, requester: { agentName: "root", sessionId: "main", subagent: false } },
		};
		const payload = buildForwardedAskPayload({
			child,
			forwarding: { requesterAgentName: null, requesterSessionId: "c-2" },
		});
		expect(payload.request.requester).toEqual({ agentName: null, sessionId: "c-2", subagent: true });
	});

	it("wraps a forwarded payload again for a grandchild's ask", () => {
		const twice = buildForwardedAskPayload({
			child: forwardedPayload(),
			forwarding: { requesterAgentName: "lead", requesterSessionId: "child-1" },
		});
		expect(twice.child.kind).toBe("forwarded");
		expect(twice.request.requester).toEqual({ agentName: "lead", sessionId: "child-1", subagent: true });
	});
});
