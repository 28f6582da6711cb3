import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readDecisionSource } from "../../src/chain/decision-source";
import { readForwardedRequest } from "../../src/forwarding/forwarded-request";
import { readForwardedResponse } from "../../src/forwarding/forwarded-response";
import { encodeSessionIdForPath, ForwardingLayout, isSafeRequestId } from "../../src/forwarding/forwarding-layout";
import { readHeartbeatRecord } from "../../src/liveness/serving-heartbeat";

const RUNS = { numRuns: 400 };

const responseLike = fc.record(
	{
		approved: fc.oneof(fc.boolean(), fc.jsonValue()),
		state: fc.oneof(
			fc.constantFrom("approved", "approved_for_session", "denied", "denied_with_reason", "confirmation_unavailable"),
			fc.string(),
		),
		responderSessionId: fc.oneof(fc.string(), fc.jsonValue()),
		decidedBy: fc.jsonValue(),
	},
	{ requiredKeys: [] },
);

describe("tolerant readers", () => {
	it("never throw on any JSON value", () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				readDecisionSource(value);
				readForwardedRequest(value);
				readForwardedResponse(value, "r1", 0);
				readHeartbeatRecord(value);
			}),
			RUNS,
		);
	});

	it("never read an approval out of a response whose state does not approve", () => {
		fc.assert(
			fc.property(responseLike, (value) => {
				const read = readForwardedResponse(value, "r1", 0);
				if (read.ok && read.value.approved) expect(["approved", "approved_for_session"]).toContain(read.value.state);
				if (read.ok) expect(read.value.approved).toBe(value.approved);
			}),
			RUNS,
		);
	});

	it("read back a decider unchanged after a JSON round trip of what they accepted", () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				const read = readDecisionSource(value);
				if (read !== null) expect(readDecisionSource(JSON.parse(JSON.stringify(read)))).toEqual(read);
			}),
			RUNS,
		);
	});
});

describe("path guards", () => {
	it("keep every request and response file directly inside its inbox directory", () => {
		const layout = new ForwardingLayout("/a");
		fc.assert(
			fc.property(fc.string(), fc.string(), (sessionId, requestId) => {
				const segment = encodeSessionIdForPath(sessionId);
				expect(segment).not.toMatch(/[/\\]/);
				expect([".", ".."]).not.toContain(segment);
				if (!isSafeRequestId(requestId)) return;
				const file = layout.requestFile(sessionId, requestId);
				expect(file.startsWith(`${layout.inbox(sessionId).requests}/`)).toBe(true);
				expect(file.slice(layout.inbox(sessionId).requests.length + 1)).not.toMatch(/[/\\]/);
			}),
			RUNS,
		);
	});
});
