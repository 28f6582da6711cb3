import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overlapValue, patternContains, patternsOverlap } from "../src/pattern-overlap";
import { compileWildcard } from "../src/wildcard";

describe("patternsOverlap / overlapValue / patternContains (ADR 0032)", () => {
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

	// The lint's coverage rows (ADR 0035): a later pattern covers an earlier one when it contains it.
	it.each([
		["*", "git status", true],
		["git *", "git status", true],
		["git *", "git status *", true],
		["git *", "git", true],
		["git status *", "git *", false],
		["rm -rf*", "rm -rf *", true],
		["rm -rf *", "rm -rf*", false],
		["a?c", "a*c", false],
		["a?c", "abc", true],
		["~/.ssh/*", "~/.ssh/id_rsa", true],
		["*.env", "*.env.*", false],
	] as const)("%j contains %j: %s", (outer, inner, expected) => {
		expect(patternContains(outer, inner)).toBe(expected);
	});

	it("contains a pattern in itself and in a catch-all, however long", () => {
		const long = `git ${"a".repeat(2000)} *`;
		expect(patternContains(long, long)).toBe(true);
		expect(patternContains("**", long)).toBe(true);
		expect(patternContains(`${long}x`, long)).toBe(false);
	});

	// The lint's overlap rows (ADR 0035): the value an overriding allow is shown with.
	it.each([
		["npm *", "npm test *", "npm test x"],
		["docker *", "docker ps", "docker ps"],
		["*.env", "src/*", "src/x.env"],
		["git push --force *", "git push *", "git push --force x"],
		["rm *", "rm", "rm"],
	] as const)("%j and %j share %j", (a, b, value) => {
		expect(overlapValue(a, b)).toBe(value);
	});

	it("finds no shared value for disjoint patterns", () => {
		expect(overlapValue("npm *", "git *")).toBeNull();
		expect(overlapValue("x*y", "x*z")).toBeNull();
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

	it("shows a value both patterns match exactly when they overlap (property)", () => {
		fc.assert(
			fc.property(pattern, pattern, (a, b) => {
				const value = overlapValue(a, b);
				expect(value !== null).toBe(patternsOverlap(a, b));
				if (value !== null) {
					expect(compileWildcard(a).test(value)).toBe(true);
					expect(compileWildcard(b).test(value)).toBe(true);
				}
			}),
			{ numRuns: 2000 },
		);
	});
});
