import { POSIX_FLAVOR, SessionRuleStore } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { SessionPolicy } from "../../src/session/session-policy";
import { policyOf } from "../support/engine-fixture";

describe("SessionPolicy.policyFor", () => {
	it("puts session grants after the composed rules", () => {
		const store = new SessionRuleStore();
		const sessions = new SessionPolicy(store, { home: "/home/u", flavor: POSIX_FLAVOR });
		const composed = policyOf({ permission: { bash: { "*": "ask" } } });
		expect(sessions.policyFor(composed).evaluate("bash", "git push").state).toBe("ask");
		store.add({ surface: "bash", pattern: "git push *" });
		expect(sessions.policyFor(composed).evaluate("bash", "git push")).toMatchObject({
			state: "allow",
			origin: "session",
		});
	});

	it("recompiles only when the store changed", () => {
		const store = new SessionRuleStore();
		const sessions = new SessionPolicy(store, { home: "/home/u", flavor: POSIX_FLAVOR });
		const composed = policyOf({ permission: { "*": "ask" } });
		const first = sessions.policyFor(composed);
		expect(sessions.policyFor(composed)).toBe(first);
		store.add({ surface: "read", pattern: "*" });
		expect(sessions.policyFor(composed)).not.toBe(first);
	});

	it("never lets yolo rewrite a session grant, and keeps a config deny under yolo", () => {
		const store = new SessionRuleStore();
		const sessions = new SessionPolicy(store, { home: "/home/u", flavor: POSIX_FLAVOR });
		const composed = policyOf({ permission: { bash: { "*": "ask", "rm *": "deny" } } }, { yolo: true });
		expect(sessions.policyFor(composed).evaluate("bash", "rm x").state).toBe("deny");
		expect(sessions.policyFor(composed).evaluate("bash", "ls")).toMatchObject({ state: "allow", origin: "yolo" });
	});
});
