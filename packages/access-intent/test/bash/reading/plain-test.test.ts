import { describe, expect, it } from "vitest";
import { plainTest } from "../../../src/bash/reading/plain-test";

function read(text: string): { opener: string; words: string[] } | null {
	const test = plainTest(text, 0, text.length);
	if (test === null) return null;
	return { opener: test.opener, words: test.words.map((range) => text.slice(range.start, range.end)) };
}

describe("plainTest", () => {
	it.each([
		['[ -f "src/file0.ts" ]', "[", ["-f", '"src/file0.ts"']],
		["[[ -d build ]]", "[[", ["-d", "build"]],
		['[\t-n "$x"\t]', "[", ["-n", '"$x"']],
		["[ -e ./a ]", "[", ["-e", "./a"]],
		["[ -z '' ]", "[", ["-z", "''"]],
	])("reads %j as its opener, operator and operand", (text, opener, words) => {
		expect(read(text)).toEqual({ opener, words });
	});

	it.each([
		["[ -e / ]", "a lone slash reads as a division to the grammar"],
		["[ -e /= ]", "a slash-equals reads as an arithmetic operator"],
		["[ -e - ]", "a dash operand reads as an operator"],
		["[ -e . ]", "a one-symbol operand is left to the grammar"],
		["[ -a x ]", "`-a` doubles as the binary and"],
		["[ a = b ]", "a binary test has two operands"],
		["[ ! -f x ]", "a negation is not plain"],
		["[ -f $x ]", "an unquoted expansion is not plain"],
		["[ -f x y ]", "two operands are not plain"],
		["[-f x ]", "the opener touches the operator"],
		["[ -f x]", "the operand touches the closer"],
		["[[ -f x ]", "the closer does not match the opener"],
	])("leaves %j to the walk: %s", (text) => {
		expect(read(text)).toBeNull();
	});
});
