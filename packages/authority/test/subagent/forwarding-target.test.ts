import { describe, expect, it } from "vitest";
import { isSubagentSession, normalizeSessionId, resolveForwardingTarget } from "../../src/subagent/forwarding-target";
import { SubagentRegistry } from "../../src/subagent/subagent-registry";
import { TARGET_CASES } from "./forwarding-target.cases";

describe("resolveForwardingTarget", () => {
	it.each(TARGET_CASES)("$id resolves the target", (row) => {
		const registry = new SubagentRegistry({});
		if (row.registryParent !== null && row.sessionId !== null) {
			registry.childSessionCreated({
				childSessionId: row.sessionId,
				parentSessionId: row.registryParent,
				agentName: null,
			});
		}
		expect(resolveForwardingTarget({ hasUI: row.hasUI, sessionId: row.sessionId, env: row.env, registry })).toEqual(
			row.target,
		);
	});
});

describe("normalizeSessionId", () => {
	it.each(["unknown", "Unknown", " UNKNOWN ", "", "   ", null, undefined])("PP-312 treats %j as absent", (value) => {
		expect(normalizeSessionId(value)).toBeNull();
	});

	it("keeps a real id, trimmed", () => {
		expect(normalizeSessionId(" s-1 ")).toBe("s-1");
	});
});

describe("isSubagentSession", () => {
	const base = { env: {}, sessionDir: null, agentDir: "/home/u/.pi/agent" };

	it("recognises a child the in-process registry knows", () => {
		const registry = new SubagentRegistry({});
		registry.childSessionCreated({ childSessionId: "c1", parentSessionId: "root", agentName: "scout" });
		expect(isSubagentSession({ ...base, sessionId: "c1", registry })).toBe(true);
	});

	it("does not count a root whose own id appears only as a parent id", () => {
		const registry = new SubagentRegistry({});
		registry.childSessionCreated({ childSessionId: "c1", parentSessionId: "root", agentName: null });
		expect(isSubagentSession({ ...base, sessionId: "root", registry })).toBe(false);
	});

	it.each(["PI_IS_SUBAGENT", "PI_SUBAGENT_CHILD", "PI_SUBAGENT_DEPTH", "PI_SUBAGENT_ACTIVITY_FILE"])(
		"recognises the env hint %s",
		(key) => {
			expect(
				isSubagentSession({ ...base, sessionId: "x", registry: new SubagentRegistry({}), env: { [key]: "1" } }),
			).toBe(true);
			expect(
				isSubagentSession({ ...base, sessionId: "x", registry: new SubagentRegistry({}), env: { [key]: " " } }),
			).toBe(false);
		},
	);

	it.each(["PI_SUBAGENT_PARENT_SESSION", "PI_AGENT_ROUTER_PARENT_SESSION_ID"])(
		"recognises a named parent in %s, but not `unknown`",
		(key) => {
			const registry = new SubagentRegistry({});
			expect(isSubagentSession({ ...base, sessionId: "x", registry, env: { [key]: "p1" } })).toBe(true);
			expect(isSubagentSession({ ...base, sessionId: "x", registry, env: { [key]: "unknown" } })).toBe(false);
		},
	);

	it("does not count a root whose own id a spawner put in the parent-session variable of its own process", () => {
		const registry = new SubagentRegistry({});
		const env = { PI_SUBAGENT_PARENT_SESSION: "root" };
		expect(isSubagentSession({ ...base, sessionId: "root", registry, env })).toBe(false);
		expect(isSubagentSession({ ...base, sessionId: "child", registry, env })).toBe(true);
	});

	it("recognises a session directory under <agentDir>/subagent-sessions, and nothing beside it", () => {
		const registry = new SubagentRegistry({});
		expect(
			isSubagentSession({ ...base, sessionId: "x", registry, sessionDir: "/home/u/.pi/agent/subagent-sessions/run-1" }),
		).toBe(true);
		expect(
			isSubagentSession({
				...base,
				sessionId: "x",
				registry,
				sessionDir: "/home/u/.pi/agent/subagent-sessions-old/run",
			}),
		).toBe(false);
		expect(isSubagentSession({ ...base, sessionId: "x", registry, sessionDir: "/home/u/.pi/agent/sessions/run" })).toBe(
			false,
		);
	});
});

describe("SubagentRegistry", () => {
	it("never lets one sibling's disposal evict another", () => {
		const registry = new SubagentRegistry({});
		registry.childSessionCreated({ childSessionId: "a", parentSessionId: "root", agentName: null });
		registry.childSessionCreated({ childSessionId: "b", parentSessionId: "root", agentName: null });
		registry.childDisposed("a");
		expect(registry.get("a")).toBeUndefined();
		expect(registry.get("b")?.parentSessionId).toBe("root");
	});

	it("shares one store between instances on the same host, as module copies do", () => {
		const host = {};
		new SubagentRegistry(host).childSessionCreated({ childSessionId: "c", parentSessionId: "p", agentName: null });
		expect(new SubagentRegistry(host).get("c")?.parentSessionId).toBe("p");
		expect(new SubagentRegistry({}).get("c")).toBeUndefined();
	});
});
