import { describe, expect, it } from "vitest";
import {
	analyzeBashSessionPattern,
	bashSessionPattern,
	normalizeUnitText,
} from "../../src/session/bash-session-pattern";
import { compileWildcard } from "../../src/wildcard";
import { BASH_SUGGEST_ROWS, NEVER_SUGGEST_ROWS, OWN_PATTERN_ROWS } from "./bash-session-pattern.cases";

describe("bashSessionPattern", () => {
	it.each(BASH_SUGGEST_ROWS)("$id $command -> $expected", ({ command, expected }) => {
		expect(bashSessionPattern(command)).toBe(expected);
	});

	it.each(OWN_PATTERN_ROWS)("$id $command -> $expected", ({ command, expected }) => {
		expect(bashSessionPattern(command)).toBe(expected);
	});

	it.each(NEVER_SUGGEST_ROWS)("$id never suggests for $command ($reason)", ({ command, reason }) => {
		expect(bashSessionPattern(command)).toBeNull();
		expect(analyzeBashSessionPattern(command)).toEqual({ kind: "never", reason });
	});

	it.each([...BASH_SUGGEST_ROWS, ...OWN_PATTERN_ROWS].filter((row) => row.expected !== ""))(
		"$id matches the unit it was made for",
		({ command, expected }) => {
			expect(compileWildcard(expected).test(normalizeUnitText(command))).toBe(true);
		},
	);

	it("does not widen `git status` to `git push`", () => {
		const pattern = compileWildcard(bashSessionPattern("git status") ?? "");
		expect(pattern.test("git push --force origin main")).toBe(false);
		expect(pattern.test("git status --short")).toBe(true);
	});
});

describe("analyzeBashSessionPattern", () => {
	it("names the family and arity of a family pattern", () => {
		expect(analyzeBashSessionPattern("aws s3 ls s3://b")).toEqual({
			kind: "family",
			pattern: "aws s3 ls *",
			family: "aws",
			arity: 3,
		});
	});

	it("reports too few words for the arity as an exact-text suggestion", () => {
		expect(analyzeBashSessionPattern("docker compose")).toEqual({
			kind: "exact",
			pattern: "docker compose",
			family: "docker",
		});
	});

	it("reports an empty unit as empty", () => {
		expect(analyzeBashSessionPattern(" \n# c\n\t")).toEqual({ kind: "empty" });
	});
});

describe("normalizeUnitText", () => {
	it("drops leading comment and blank lines and surrounding whitespace", () => {
		expect(normalizeUnitText("\n  # a\n#b\n\n  ls -la  \n")).toBe("ls -la");
	});

	it("keeps a comment that follows the command", () => {
		expect(normalizeUnitText("ls # list")).toBe("ls # list");
	});
});
