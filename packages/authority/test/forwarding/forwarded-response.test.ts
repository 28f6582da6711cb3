import { describe, expect, it } from "vitest";
import { readForwardedResponse } from "../../src/forwarding/forwarded-response";

const response = {
	requestId: "r1",
	approved: false,
	state: "denied_with_reason",
	responderSessionId: "p",
	denialReason: "use pnpm",
	respondedAt: 7,
	decidedBy: { kind: "rule", surface: "bash", pattern: "npm *", origin: "global" },
};

describe("readForwardedResponse", () => {
	it("reads a well-formed response", () => {
		expect(readForwardedResponse(response, "r1", 99)).toEqual({ ok: true, value: response });
	});

	it.each([
		["a string approved", { ...response, approved: "true" }],
		["approval in a denying state", { ...response, approved: true }],
		["denial in an approving state", { ...response, state: "approved" }],
		["an unknown state", { ...response, state: "maybe" }],
		["no responder", { ...response, responderSessionId: "" }],
		["another request's id", { ...response, requestId: "r2" }],
		["an array", [response]],
	])("rejects %s", (_label, value) => {
		expect(readForwardedResponse(value, "r1", 99).ok).toBe(false);
	});

	it("defaults respondedAt to now and drops an unusable decider without changing the decision", () => {
		const read = readForwardedResponse({ ...response, respondedAt: "x", decidedBy: { kind: "?" } }, "r1", 99);
		expect(read.ok && read.value).toMatchObject({ respondedAt: 99, decidedBy: null, approved: false });
	});
});
