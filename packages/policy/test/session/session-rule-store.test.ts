import { describe, expect, it } from "vitest";
import { SessionRuleStore } from "../../src/session/session-rule-store";

describe("SessionRuleStore", () => {
	it("appends grants as session-origin allow rules in grant order", () => {
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "git status*" });
		store.add({ surface: "mcp", pattern: "exa:*" });
		expect(store.rules()).toEqual([
			{ surface: "bash", pattern: "git status*", action: "allow", origin: "session" },
			{ surface: "mcp", pattern: "exa:*", action: "allow", origin: "session" },
		]);
		expect(store.list().map((g) => g.id)).toEqual(["session-1", "session-2"]);
	});

	it("does not duplicate an identical grant", () => {
		const store = new SessionRuleStore();
		const a = store.add({ surface: "bash", pattern: "ls" });
		const b = store.add({ surface: "bash", pattern: "ls" });
		expect(b).toBe(a);
		expect(store.list()).toHaveLength(1);
	});

	it("revokes one grant by id and reports unknown ids", () => {
		const store = new SessionRuleStore();
		const a = store.add({ surface: "bash", pattern: "ls" });
		store.add({ surface: "bash", pattern: "pwd" });
		expect(store.revoke(a.id)).toBe(true);
		expect(store.revoke(a.id)).toBe(false);
		expect(store.rules().map((rule) => rule.pattern)).toEqual(["pwd"]);
	});

	it("clears every grant and bumps the version on each change only", () => {
		const store = new SessionRuleStore();
		const v0 = store.version;
		store.add({ surface: "bash", pattern: "ls" });
		const v1 = store.version;
		store.clear();
		expect(store.rules()).toEqual([]);
		expect(v1).toBeGreaterThan(v0);
		expect(store.version).toBeGreaterThan(v1);
		const v2 = store.version;
		store.clear();
		expect(store.version).toBe(v2);
	});

	it("records a session deny when asked to", () => {
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "rm *", action: "deny" });
		expect(store.rules()[0]?.action).toBe("deny");
	});
});
