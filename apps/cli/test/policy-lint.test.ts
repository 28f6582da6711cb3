import { describe, expect, it } from "vitest";
import { covers, overlapSample, sample } from "../src/lint/pattern-overlap";

describe("covers (a later pattern matches every value of an earlier one)", () => {
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
	] as const)("%j covers %j: %s", (later, earlier, expected) => {
		expect(covers(later, earlier)).toBe(expected);
	});
});

describe("overlapSample (a value both patterns match)", () => {
	it.each([
		["npm *", "npm test *", "npm test x"],
		["docker *", "docker ps", "docker ps"],
		["*.env", "src/*", "src/x.env"],
		["git push --force *", "git push *", "git push --force x"],
	] as const)("%j and %j share %j", (a, b, value) => {
		expect(overlapSample(a, b)).toBe(value);
	});

	it("finds none for disjoint patterns", () => {
		expect(overlapSample("npm *", "git *")).toBeNull();
	});

	it("fills every wildcard", () => {
		expect(sample("a*b?c", "x")).toBe("axbxc");
	});
});
