import { describe, expect, it } from "vitest";
import { SourceIndex } from "../../../src/bash/reading/source-index";

describe("SourceIndex", () => {
	const index = new SourceIndex("ls $(a) `b` <(c) >(d) $HOME plain");

	it.each([
		[0, 2, false],
		[3, 7, true],
		[8, 11, true],
		[12, 16, true],
		[17, 21, true],
		[22, 27, false],
		[28, 33, false],
	])("answers whether [%i, %i) can hold a substitution: %s", (start, end, expected) => {
		expect(index.hasSubstitution(start, end)).toBe(expected);
	});

	it("answers whether a range holds a dollar or a backquote", () => {
		expect(index.hasDollar(22, 27)).toBe(true);
		expect(index.hasDollar(28, 33)).toBe(false);
		expect(index.hasDollar(8, 9)).toBe(true);
	});
});
