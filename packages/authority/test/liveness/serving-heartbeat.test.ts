import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ForwardingLayout } from "../../src/forwarding/forwarding-layout";
import { ForwardingStore } from "../../src/forwarding/forwarding-store";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { classifyHeartbeat, HeartbeatStore, readHeartbeatRecord } from "../../src/liveness/serving-heartbeat";
import { ManualClock } from "../support/manual-clock";
import { MemoryLog } from "../support/memory-log";
import { filesUnder, makeTmpDir, removeTmpDir } from "../support/tmp-dir";
import { LIVENESS_CASES, NOW } from "./forwarding-liveness.cases";

describe("classifyHeartbeat", () => {
	it.each(LIVENESS_CASES)("$id classifies the record as $state", (row) => {
		expect(classifyHeartbeat(row.record, NOW, () => row.pidAlive)).toBe(row.state);
	});

	it("counts a record from the future as fresh", () => {
		expect(classifyHeartbeat({ sessionId: "p", pid: 1, updatedAt: NOW + 60_000 }, NOW, () => true)).toBe("alive");
	});
});

describe("readHeartbeatRecord", () => {
	it.each([
		null,
		[],
		{ sessionId: "p", pid: "1", updatedAt: 1 },
		{ sessionId: "", pid: 1, updatedAt: 1 },
		{ sessionId: "p", pid: -3, updatedAt: 1 },
	])("rejects %j", (value) => {
		expect(readHeartbeatRecord(value)).toBeNull();
	});
});

describe("HeartbeatStore", () => {
	let dir = "";
	beforeEach(async () => {
		dir = await makeTmpDir();
	});
	afterEach(async () => {
		await removeTmpDir(dir);
	});

	function heartbeats(clock: ManualClock) {
		const layout = new ForwardingLayout(dir);
		const store = new ForwardingStore(new NodeForwardingFileSystem(), clock, 4242);
		return new HeartbeatStore({ store, layout, clock, log: new MemoryLog(), pid: 4242 });
	}

	it("writes, throttles to the refresh period, reads back and withdraws its record", async () => {
		const clock = new ManualClock(NOW);
		const store = heartbeats(clock);
		await store.refresh("parent/../x");
		expect(await store.read("parent/../x")).toEqual({ sessionId: "parent/../x", pid: 4242, updatedAt: NOW });
		clock.advance(400);
		await store.refresh("parent/../x");
		expect((await store.read("parent/../x"))?.updatedAt).toBe(NOW);
		clock.advance(600);
		await store.refresh("parent/../x");
		expect((await store.read("parent/../x"))?.updatedAt).toBe(NOW + 1000);
		expect(await filesUnder(dir)).toEqual(["sessions/permission-forwarding/serving/parent%2F%2E%2E%2Fx.json"]);
		await store.withdraw("parent/../x");
		expect(await filesUnder(dir)).toEqual([]);
	});

	it("does not take another session's record for its own", async () => {
		const clock = new ManualClock(NOW);
		const store = heartbeats(clock);
		expect(await store.read("nobody")).toBeNull();
	});
});

describe("HeartbeatStore.sweepDead", () => {
	let dir = "";
	beforeEach(async () => {
		dir = await makeTmpDir();
	});
	afterEach(async () => {
		await removeTmpDir(dir);
	});

	it("removes the records of dead processes and unreadable records, and keeps live ones", async () => {
		const clock = new ManualClock(NOW);
		const layout = new ForwardingLayout(dir);
		const store = new ForwardingStore(new NodeForwardingFileSystem(), clock, 1);
		const live = new HeartbeatStore({ store, layout, clock, log: new MemoryLog(), pid: 100 });
		const dead = new HeartbeatStore({ store, layout, clock, log: new MemoryLog(), pid: 200 });
		await live.refresh("alive-session");
		await dead.refresh("dead-session");
		await store.writeJsonAtomic(layout.heartbeatFile("garbage"), { nope: true });
		expect(await live.sweepDead((pid) => pid === 100)).toBe(2);
		expect(await filesUnder(dir)).toEqual(["sessions/permission-forwarding/serving/alive-session.json"]);
	});
});
