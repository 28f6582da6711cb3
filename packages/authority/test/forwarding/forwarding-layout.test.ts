import { describe, expect, it } from "vitest";
import { encodeSessionIdForPath, ForwardingLayout, isSafeRequestId } from "../../src/forwarding/forwarding-layout";

describe("isSafeRequestId", () => {
	it.each(["perm-1", "a.b_c-D9", "x".repeat(200)])("accepts %s as a file name", (id) => {
		expect(isSafeRequestId(id)).toBe(true);
	});

	it.each(["", ".", "..", "../x", "a/b", "a\\b", "a b", "%2e%2e", "x".repeat(201), "id\0"])("refuses %j", (id) => {
		expect(isSafeRequestId(id)).toBe(false);
	});
});

describe("encodeSessionIdForPath", () => {
	it.each([
		["..", "%2E%2E"],
		["a/b", "a%2Fb"],
		["s.1", "s%2E1"],
		["plain-id", "plain-id"],
	])("encodes %j as one segment", (id, encoded) => {
		expect(encodeSessionIdForPath(id)).toBe(encoded);
	});
});

describe("ForwardingLayout", () => {
	it("places inboxes and heartbeats under <agentDir>/sessions/permission-forwarding", () => {
		const layout = new ForwardingLayout("/home/u/.pi/agent");
		expect(layout.requestFile("p/1", "r1")).toBe(
			"/home/u/.pi/agent/sessions/permission-forwarding/sessions/p%2F1/requests/r1.json",
		);
		expect(layout.responseFile("p", "r1")).toBe(
			"/home/u/.pi/agent/sessions/permission-forwarding/sessions/p/responses/r1.json",
		);
		expect(layout.heartbeatFile("p")).toBe("/home/u/.pi/agent/sessions/permission-forwarding/serving/p.json");
	});
});
