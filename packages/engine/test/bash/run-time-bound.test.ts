import { compileWildcard } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contains, intersects } from "../../src/bash/run-time-bound";

describe("intersects", () => {
	it.each([
		["git push *", "git *", true],
		["git push *", "git add *", false],
		["rm *", "grep -l foo *", false],
		["*", "anything", true],
		["a?c", "*b*", true],
		["a?c", "abd", false],
		["git p*", "git *h", true],
	])("%j and %j meet: %s", (p, q, expected) => {
		expect(intersects(p, q)).toBe(expected);
		expect(intersects(q, p)).toBe(expected);
	});

	it("agrees with the matcher on literal values (patterns without the optional ` *` tail)", () => {
		const text = fc.stringMatching(/^[ab* ?]{0,6}$/).filter((pattern) => !pattern.endsWith(" *"));
		const value = fc.stringMatching(/^[ab ]{0,6}$/);
		fc.assert(
			fc.property(text, value, (pattern, literal) => {
				expect(intersects(pattern, literal)).toBe(compileWildcard(pattern).test(literal));
			}),
			{ numRuns: 500 },
		);
	});
});

describe("contains", () => {
	it.each([
		["grep *", "grep -l foo *", true],
		["*", "git *", true],
		["git add *", "git *", false],
		["git *", "git", false],
		["a?", "a*", false],
		["a*", "a?", true],
	])("%j holds every string %j matches: %s", (pattern, language, expected) => {
		expect(contains(pattern, language)).toBe(expected);
	});

	it("never claims containment the matcher refutes on a sample of the language", () => {
		const text = fc.stringMatching(/^[ab*?]{0,5}$/);
		const fill = fc.stringMatching(/^[ab]{0,3}$/);
		fc.assert(
			fc.property(text, text, fill, (pattern, language, filler) => {
				if (!contains(pattern, language)) return;
				const sample = language.replaceAll("*", filler).replaceAll("?", "a");
				expect(compileWildcard(pattern).test(sample)).toBe(true);
			}),
			{ numRuns: 500 },
		);
	});
});
