import { describe, expect, it } from "vitest";
import { ByBase } from "../../../src/bash/effects/by-base";

describe("ByBase", () => {
	it("computes an answer once per base and text", () => {
		const memo = new ByBase<string>();
		const asked: string[] = [];
		const compute = (text: string, base: string) => {
			asked.push(`${base}|${text}`);
			return `${base}/${text}`;
		};
		expect(memo.answer("/a", "x", compute)).toBe("/a/x");
		expect(memo.answer("/a", "x", compute)).toBe("/a/x");
		expect(memo.answer("/b", "x", compute)).toBe("/b/x");
		expect(memo.answer("/a", "y", compute)).toBe("/a/y");
		expect(asked).toEqual(["/a|x", "/b|x", "/a|y"]);
	});

	it("keeps a false answer instead of asking again", () => {
		const memo = new ByBase<boolean>();
		let calls = 0;
		const compute = () => {
			calls++;
			return false;
		};
		memo.answer("/a", "x", compute);
		memo.answer("/a", "x", compute);
		expect(calls).toBe(1);
	});
});
