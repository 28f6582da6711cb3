import { describe, expect, it } from "vitest";
import { ansiCStringEnd, regexHidesSubstitution } from "../../src/bash/misparse-guards";

describe("ansiCStringEnd (where bash closes $'…')", () => {
	it.each([
		["$'ab'", 4],
		["$'a\\'b'", 6],
		["$'\\\\'", 4],
		["$'\\\\' ; rm x #'", 4],
		["$'\\\\\\\\'", 6],
		["$'\\\\\\''", 6],
	])("closes %j at %i", (source, end) => {
		expect(ansiCStringEnd(source, 0, source.length)).toBe(end);
	});

	it("reports no close inside the span", () => {
		expect(ansiCStringEnd("$'abc", 0, 5)).toBe(-1);
	});
});

describe("regexHidesSubstitution", () => {
	it.each([
		["$(rm x)", true],
		["`rm x`", true],
		["<(rm x)", true],
		[">(rm x)", true],
		["*.tmp", false],
		["$HOME", false],
		["^a$", false],
	])("%j → %s", (text, hides) => {
		expect(regexHidesSubstitution(text)).toBe(hides);
	});
});
