import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { patternContains, patternsOverlap } from "../../src/grants/pattern-overlap";
import { compileWildcard } from "../../src/wildcard";

describe("patternsOverlap / patternContains (ADR 0032)", () => {
	it.each([
		["npm test *", "rm -rf *", false, false],
		["git push *", "git push --force *", true, true],
		["git push --force *", "git push *", true, false],
		["rm *", "rm tmp *", true, true],
		["*", "anything", true, true],
		["*.env", "/work/*", true, false],
		["a?c", "abc", true, true],
		["a?c", "a*", true, false],
		["git *", "git", true, true],
		["git", "git *", true, false],
		["x*y", "x*z", false, false],
		["*a*", "*b*", true, false],
	] as const)("%j and %j: overlap %s, first contains second %s", (a, b, overlap, contains) => {
		expect(patternsOverlap(a, b)).toBe(overlap);
		expect(patternsOverlap(b, a)).toBe(overlap);
		expect(patternContains(a, b)).toBe(contains);
	});

	const char = fc.constantFrom("a", "b", " ", "*", "?");
	const pattern = fc.array(char, { maxLength: 6 }).map((chars) => chars.join(""));
	const value = fc.array(fc.constantFrom("a", "b", " "), { maxLength: 6 }).map((chars) => chars.join(""));

	it("never says disjoint when some value matches both, never says contains when a value escapes (property)", () => {
		fc.assert(
			fc.property(pattern, pattern, fc.array(value, { minLength: 1, maxLength: 20 }), (a, b, values) => {
				const ma = compileWildcard(a);
				const mb = compileWildcard(b);
				for (const v of values) {
					if (ma.test(v) && mb.test(v)) expect(patternsOverlap(a, b)).toBe(true);
					if (patternContains(a, b) && mb.test(v)) expect(ma.test(v)).toBe(true);
				}
			}),
			{ numRuns: 2000 },
		);
	});
});
