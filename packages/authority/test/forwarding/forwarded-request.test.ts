import { describe, expect, it } from "vitest";
import { readAccessIntent, readForwardedRequest, readRequestNonce } from "../../src/forwarding/forwarded-request";
import { localPayload } from "../support/ask-details";

const intent = {
	surface: "external_directory",
	matchValues: ["/tmp/x", "/private/tmp/x"],
	boundaryValue: "/private/tmp/x",
	requesterCwd: "/work/child",
	principal: { sessionId: "c1", agentName: "scout" },
};

const request = {
	id: "r1",
	createdAt: 5,
	requesterSessionId: "c1",
	targetSessionId: "p",
	requesterAgentName: "scout",
	payload: localPayload(),
	accessIntent: intent,
	approved: true,
};

describe("readForwardedRequest", () => {
	it("rebuilds a well-formed request from known fields only", () => {
		const read = readForwardedRequest(JSON.parse(JSON.stringify(request)));
		expect(read.ok && read.value).toEqual({
			...request,
			approved: undefined,
			requesterPid: null,
			payload: localPayload(),
		});
		expect(read.ok && "approved" in read.value).toBe(false);
	});

	it.each([
		["a non-object", "x"],
		["a numeric id", { ...request, id: 5 }],
		["a traversal id", { ...request, id: "../../etc/passwd" }],
		["a string createdAt", { ...request, createdAt: "5" }],
		["no requester", { ...request, requesterSessionId: undefined }],
		["an object agent name", { ...request, requesterAgentName: {} }],
		["no payload", { ...request, payload: undefined }],
		["a payload without a request", { ...request, payload: { kind: "bash" } }],
	])("rejects %s", (_label, value) => {
		expect(readForwardedRequest(value).ok).toBe(false);
	});

	it("keeps a request whose access intent is malformed, with the intent dropped (escalated, never resolved)", () => {
		const read = readForwardedRequest({ ...request, accessIntent: { ...intent, matchValues: "x" } });
		expect(read.ok && read.value.accessIntent).toBeNull();
	});

	it("keeps a positive integer requesterPid and drops any other", () => {
		const pidOf = (requesterPid: unknown) => {
			const read = readForwardedRequest({ ...request, requesterPid });
			return read.ok ? read.value.requesterPid : "rejected";
		};
		expect([pidOf(42), pidOf(-1), pidOf(1.5), pidOf("42"), pidOf(undefined)]).toEqual([42, null, null, null, null]);
	});

	it("rejects a payload with a hostile getter, naming the payload", () => {
		const payload = Object.defineProperty({ ...localPayload() }, "request", {
			get: () => {
				throw new Error("x");
			},
			enumerable: true,
		});
		const read = readForwardedRequest({ ...request, payload });
		expect(!read.ok && read.error).toMatch(/payload is unusable/);
	});
});

describe("readAccessIntent", () => {
	it.each([
		["no match values", { ...intent, matchValues: [] }],
		["a numeric match value", { ...intent, matchValues: [1] }],
		["a missing boundary", { ...intent, boundaryValue: undefined }],
		["no principal", { ...intent, principal: null }],
		["too many match values", { ...intent, matchValues: Array.from({ length: 65 }, (_, i) => `/v${i}`) }],
	])("rejects %s", (_label, value) => {
		expect(readAccessIntent(value)).toBeNull();
	});

	it("accepts a null boundary and a null agent", () => {
		expect(
			readAccessIntent({ ...intent, boundaryValue: null, principal: { sessionId: "c1", agentName: null } }),
		).toMatchObject({
			boundaryValue: null,
			principal: { agentName: null },
		});
	});
});

describe("readRequestNonce", () => {
	it.each([
		["32 hex digits", { nonce: "a".repeat(32) }, "a".repeat(32)],
		["128 hex digits", { nonce: "0".repeat(128) }, "0".repeat(128)],
		["no nonce", {}, null],
		["a short nonce", { nonce: "a".repeat(31) }, null],
		["a long nonce", { nonce: "a".repeat(129) }, null],
		["uppercase hex", { nonce: "A".repeat(32) }, null],
		["a number", { nonce: 5 }, null],
		["a non-object", "nonce", null],
	])("reads %s", (_label, value, nonce) => {
		expect(readRequestNonce(value)).toBe(nonce);
	});
});
