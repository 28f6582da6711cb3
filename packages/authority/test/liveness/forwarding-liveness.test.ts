import { describe, expect, it } from "vitest";
import { ForwardingLivenessJudge } from "../../src/liveness/forwarding-liveness";
import type { HeartbeatRecord, HeartbeatStore } from "../../src/liveness/serving-heartbeat";
import { ServingRegistry } from "../../src/liveness/serving-registry";
import { ManualClock } from "../support/manual-clock";

function judgeWith(
	records: { current: HeartbeatRecord | null },
	clock: ManualClock,
	registry = new ServingRegistry({}),
) {
	const heartbeats = { read: async () => records.current } as unknown as HeartbeatStore;
	return new ForwardingLivenessJudge({
		servingRegistry: registry,
		heartbeats,
		clock,
		isPidAlive: () => true,
		staleMs: 5000,
	});
}

describe("ForwardingLivenessJudge", () => {
	it("answers alive for a target served in this process, without a heartbeat file", async () => {
		const registry = new ServingRegistry({});
		const withdraw = registry.announce("p");
		const judge = judgeWith({ current: null }, new ManualClock(), registry);
		expect(await judge.judge("p")).toBe("alive");
		withdraw();
		expect(await judge.judge("p")).toBe("absent");
	});

	it("counts a parent whose clock runs an hour behind as alive once its record is seen to change", async () => {
		const clock = new ManualClock(10_000_000);
		const records = {
			current: { sessionId: "p", pid: 1, updatedAt: 10_000_000 - 3_600_000 } as HeartbeatRecord | null,
		};
		const judge = judgeWith(records, clock);
		expect(await judge.judge("p")).toBe("stale");
		clock.advance(1000);
		records.current = { sessionId: "p", pid: 1, updatedAt: 10_000_000 - 3_600_000 + 1000 };
		expect(await judge.judge("p")).toBe("alive");
		clock.advance(4000);
		expect(await judge.judge("p")).toBe("alive");
		clock.advance(1001);
		expect(await judge.judge("p")).toBe("stale");
	});

	it("keeps a record that never changes stale", async () => {
		const clock = new ManualClock(10_000_000);
		const judge = judgeWith({ current: { sessionId: "p", pid: 1, updatedAt: 1 } }, clock);
		expect(await judge.judge("p")).toBe("stale");
		clock.advance(1000);
		expect(await judge.judge("p")).toBe("stale");
	});
});

describe("ServingRegistry", () => {
	it("keeps a session serving until every announcer withdraws, and ignores a repeated withdrawal", () => {
		const registry = new ServingRegistry({});
		const first = registry.announce("p");
		const second = registry.announce("p");
		first();
		first();
		expect(registry.isServing("p")).toBe(true);
		second();
		expect(registry.isServing("p")).toBe(false);
	});
});

describe("ForwardingLivenessJudge reuse", () => {
	it("reuses a judgement for reuseMs, so many waiting asks cost one heartbeat read", async () => {
		const clock = new ManualClock(10_000_000);
		let reads = 0;
		const heartbeats = {
			read: async () => {
				reads += 1;
				return { sessionId: "p", pid: 1, updatedAt: clock.now() };
			},
		} as unknown as HeartbeatStore;
		const judge = new ForwardingLivenessJudge({
			servingRegistry: new ServingRegistry({}),
			heartbeats,
			clock,
			isPidAlive: () => true,
			staleMs: 5000,
			reuseMs: 50,
		});
		await Promise.all(Array.from({ length: 100 }, () => judge.judge("p")));
		expect(reads).toBe(1);
		clock.advance(50);
		await judge.judge("p");
		expect(reads).toBe(2);
	});
});
