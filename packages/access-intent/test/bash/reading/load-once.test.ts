import { describe, expect, it } from "vitest";
import { loadOnceWithRetry } from "../../../src/bash/reading/load-once";

describe("loadOnceWithRetry", () => {
	it("shares one successful load between callers", async () => {
		let calls = 0;
		const load = loadOnceWithRetry(async () => ++calls);
		expect(await Promise.all([load(), load()])).toEqual([1, 1]);
		expect(await load()).toBe(1);
		expect(calls).toBe(1);
	});

	it("forgets a failed load so the next call retries", async () => {
		let calls = 0;
		const load = loadOnceWithRetry(async () => {
			calls++;
			if (calls === 1) throw new Error("wasm missing");
			return "ready";
		});
		await expect(load()).rejects.toThrow("wasm missing");
		expect(await load()).toBe("ready");
		expect(await load()).toBe("ready");
		expect(calls).toBe(2);
	});
});
