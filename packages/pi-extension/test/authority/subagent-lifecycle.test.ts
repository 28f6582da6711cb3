import { createEventBus } from "@earendil-works/pi-coding-agent";
import {
	AuthorizerRegistry,
	type ForwardingFileSystem,
	SessionAuthority,
	silentAuthorityLog,
} from "@pi-permissions/authority";
import { describe, expect, it } from "vitest";
import {
	CHILD_DISPOSED_CHANNEL,
	CHILD_SESSION_CREATED_CHANNEL,
	childSessionRegistry,
	readChildCreated,
	readChildDisposed,
	watchSubagentLifecycle,
} from "../../src/authority/subagent-lifecycle";

/** A session's authority built over `host`'s registry: whether it is a subagent, and where its asks go. */
function authorityOn(host: object, sessionId: string): SessionAuthority {
	return SessionAuthority.create({
		session: { sessionId, hasUI: false, agentName: null, cwd: "/work", sessionDir: null },
		agentDir: "/agent",
		env: {},
		userPrompt: { ask: async () => ({ answer: "deny", reason: null, via: "select" }) },
		query: {
			checkPermission: () => ({ state: "ask", matchedPattern: null, origin: null }),
			resolveForwarded: () => ({ state: "ask", matchedPattern: null, origin: null }),
		},
		authorizers: new AuthorizerRegistry(),
		chainConfig: () => [],
		recordServingSessionGrant: () => undefined,
		io: {
			fs: {} as ForwardingFileSystem,
			clock: { now: () => 0, sleep: async () => undefined },
			pid: 1,
			isPidAlive: () => true,
			globalHost: host,
		},
		log: silentAuthorityLog,
	});
}

describe("readChildCreated", () => {
	it.each([
		{
			payload: { sessionId: "c1", parentSessionId: "p1" },
			child: { childSessionId: "c1", parentSessionId: "p1", agentName: null },
		},
		{ payload: { sessionId: "c1" }, child: { childSessionId: "c1", parentSessionId: null, agentName: null } },
		{
			payload: { sessionId: "c1", parentSessionId: "p1", agentName: "scout" },
			child: { childSessionId: "c1", parentSessionId: "p1", agentName: "scout" },
		},
		{
			payload: { sessionId: "c1", parentSessionId: 7 },
			child: { childSessionId: "c1", parentSessionId: null, agentName: null },
		},
	])("reads $payload", ({ payload, child }) => {
		expect(readChildCreated(payload)).toEqual(child);
	});

	it.each([null, "c1", [], {}, { sessionId: "" }, { sessionId: "  " }, { sessionId: 3 }])("ignores %j", (payload) => {
		expect(readChildCreated(payload)).toBeNull();
	});
});

describe("readChildDisposed", () => {
	it("reads the child id, and nothing from a malformed payload", () => {
		expect(readChildDisposed({ sessionId: "c1" })).toBe("c1");
		expect(readChildDisposed({ id: "c1" })).toBeNull();
	});
});

describe("watchSubagentLifecycle", () => {
	it("makes an announced child a subagent forwarding to its parent, until it is disposed", () => {
		const host = {};
		const bus = createEventBus();
		const unwatch = watchSubagentLifecycle(bus, childSessionRegistry(host));
		expect(authorityOn(host, "c1").isSubagent).toBe(false);
		bus.emit(CHILD_SESSION_CREATED_CHANNEL, { sessionId: "c1", parentSessionId: "p1" });
		const child = authorityOn(host, "c1");
		expect(child.isSubagent).toBe(true);
		expect(child.target).toEqual({ sessionId: "p1", source: "registry" });
		expect(authorityOn(host, "sibling").isSubagent).toBe(false);
		bus.emit(CHILD_DISPOSED_CHANNEL, { sessionId: "c1" });
		expect(authorityOn(host, "c1").isSubagent).toBe(false);
		unwatch();
	});

	it("stops recording once unsubscribed, and ignores malformed payloads", () => {
		const host = {};
		const bus = createEventBus();
		const unwatch = watchSubagentLifecycle(bus, childSessionRegistry(host));
		bus.emit(CHILD_SESSION_CREATED_CHANNEL, { parentSessionId: "p1" });
		unwatch();
		bus.emit(CHILD_SESSION_CREATED_CHANNEL, { sessionId: "c2", parentSessionId: "p1" });
		expect(authorityOn(host, "c2").isSubagent).toBe(false);
	});
});
