import { describe, expect, it } from "vitest";
import { isSafeRequestId } from "../src/forwarding/forwarding-layout";
import { prefixedIdGenerator, systemIdGenerator } from "../src/ids";

describe("request ids", () => {
	it("never repeats within a generator, and every id can name a forwarding file", () => {
		const ids = prefixedIdGenerator();
		const seen = new Set(Array.from({ length: 10_000 }, () => ids.next()));
		expect(seen.size).toBe(10_000);
		for (const id of seen) expect(isSafeRequestId(id)).toBe(true);
	});

	it("differs between generators (two processes never share an id)", () => {
		expect(prefixedIdGenerator().next()).not.toBe(prefixedIdGenerator().next());
		expect(systemIdGenerator.next()).toMatch(/^perm-[0-9a-f-]{36}-[0-9a-z]+$/);
	});
});
