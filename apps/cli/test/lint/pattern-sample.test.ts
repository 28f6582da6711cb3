import { describe, expect, it } from "vitest";
import { sample } from "../../src/lint/pattern-sample";

// Whether one pattern covers or overlaps another is policy's (`patternContains`, `overlapValue`); their rows, which
// were the lint's, are in packages/policy/test/pattern-overlap.test.ts.
describe("sample (a value of one pattern)", () => {
	it("fills every wildcard", () => {
		expect(sample("a*b?c", "x")).toBe("axbxc");
	});
});
