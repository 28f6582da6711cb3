import { describe, expect, it } from "vitest";
import { boundText } from "../../src/session/session-grant-bound";
import { SessionRuleStore } from "../../src/session/session-rule-store";

describe("SessionRuleStore bounds", () => {
	it("ends a turn grant at the next turn and records it as expired", () => {
		const store = new SessionRuleStore({ now: () => 5 });
		const grant = store.add({ surface: "bash", pattern: "npm test*", bound: { kind: "turn" } });
		expect(store.rules()).toHaveLength(1);
		store.beginTurn();
		expect(store.rules()).toEqual([]);
		expect(store.list()).toEqual([]);
		expect(store.expired()).toEqual([{ grant, reason: "turn", at: 5 }]);
		expect(store.revoke(grant.id)).toBe(false);
	});

	it("ends a timed grant at its instant, not a millisecond later", () => {
		let now = 0;
		const store = new SessionRuleStore({ now: () => now });
		store.add({ surface: "bash", pattern: "ls", bound: { kind: "minutes", minutes: 2 } });
		now = 119_999;
		expect(store.rules()).toHaveLength(1);
		now = 120_000;
		expect(store.rules()).toEqual([]);
		expect(store.expired().map((entry) => [entry.reason, entry.at])).toEqual([["time", 120_000]]);
	});

	it("changes its version when a timed grant expires, so a compiled policy is rebuilt", () => {
		let now = 0;
		const store = new SessionRuleStore({ now: () => now });
		store.add({ surface: "bash", pattern: "ls", bound: { kind: "minutes", minutes: 1 } });
		const before = store.version;
		now = 60_000;
		expect(store.version).not.toBe(before);
	});

	it("decides exactly N calls for a calls bound, counting what remains", () => {
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "git push*", bound: { kind: "calls", calls: 2 } });
		store.recordUse("bash", "git push*");
		expect(store.list()[0]?.callsLeft).toBe(1);
		store.recordUse("bash", "git push*");
		expect(store.rules()).toEqual([]);
		expect(store.expired()[0]?.reason).toBe("calls");
	});

	it("leaves a session grant alone when a use is recorded", () => {
		const store = new SessionRuleStore();
		store.add({ surface: "bash", pattern: "ls" });
		store.recordUse("bash", "ls");
		expect(store.rules()).toHaveLength(1);
	});

	it("spends a calls grant even when the use names another surface", () => {
		const store = new SessionRuleStore();
		store.add({ surface: "read", pattern: "/p/*", bound: { kind: "calls", calls: 1 } });
		store.recordUse("path", "/p/*");
		expect(store.rules()).toEqual([]);
	});

	it("restarts a bound when the same grant is given again, keeping its id", () => {
		let now = 0;
		const store = new SessionRuleStore({ now: () => now });
		const first = store.add({ surface: "bash", pattern: "ls", bound: { kind: "minutes", minutes: 1 } });
		now = 50_000;
		const again = store.add({ surface: "bash", pattern: "ls", bound: { kind: "minutes", minutes: 1 } });
		expect(again.id).toBe(first.id);
		expect(again.endsAt).toBe(110_000);
		expect(store.list()).toHaveLength(1);
	});

	it.each([
		[{ kind: "minutes", minutes: 0 }],
		[{ kind: "minutes", minutes: 1.5 }],
		[{ kind: "calls", calls: -1 }],
	] as const)("refuses the bound %j", (bound) => {
		expect(() => new SessionRuleStore().add({ surface: "bash", pattern: "ls", bound })).toThrow(/invalid grant bound/);
	});

	it.each([
		[{ kind: "session" }, "for this session"],
		[{ kind: "turn" }, "for this turn"],
		[{ kind: "minutes", minutes: 1 }, "for 1 minute"],
		[{ kind: "minutes", minutes: 15 }, "for 15 minutes"],
		[{ kind: "calls", calls: 3 }, "for 3 calls"],
	] as const)("says %j as %s", (bound, text) => {
		expect(boundText(bound)).toBe(text);
	});
});
