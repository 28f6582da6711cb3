import { describe, expect, it } from "vitest";
import type { ForwardingFileSystem } from "../../src/forwarding/forwarding-file-system";
import { ForwardingStore } from "../../src/forwarding/forwarding-store";
import { ResponseMailbox } from "../../src/forwarding/response-mailbox";
import { ManualClock } from "../support/manual-clock";

function countingStore(names: string[]) {
	let lists = 0;
	const fs = {
		list: async () => {
			lists += 1;
			return [...names];
		},
	} as unknown as ForwardingFileSystem;
	return { store: new ForwardingStore(fs, new ManualClock(), 1), lists: () => lists };
}

describe("ResponseMailbox", () => {
	it("serves many waiting asks from one listing per interval", async () => {
		const names = ["a.json"];
		const { store, lists } = countingStore(names);
		const clock = new ManualClock();
		const mailbox = new ResponseMailbox(store, clock, 100);
		const seen = await Promise.all(
			Array.from({ length: 200 }, (_, i) => mailbox.hasArrived("/r", i === 0 ? "a" : `x${i}`)),
		);
		expect(seen.filter(Boolean)).toHaveLength(1);
		expect(lists()).toBe(1);
		names.push("b.json");
		expect(await mailbox.hasArrived("/r", "b")).toBe(false);
		clock.advance(100);
		expect(await mailbox.hasArrived("/r", "b")).toBe(true);
		expect(lists()).toBe(2);
	});
});
