import { describe, expect, it } from "vitest";
import { expandBraces, MAX_BRACE_WORDS } from "../../../src/bash/state/brace-expansion";

describe("expandBraces", () => {
	it.each([
		["/etc/{passwd,shadow}", ["/etc/passwd", "/etc/shadow"]],
		["{a,b}.env", ["a.env", "b.env"]],
		["{,.}env", ["env", ".env"]],
		["/x/{a,{b,c}}/y", ["/x/a/y", "/x/b/y", "/x/c/y"]],
		["a{1..3}b", ["a1b", "a2b", "a3b"]],
		["{c..a}", ["c", "b", "a"]],
		["{a,b}{1,2}", ["a1", "a2", "b1", "b2"]],
		["{a}{b,c}", ["{a}b", "{a}c"]],
		["*.{env,key}", ["*.env", "*.key"]],
	])("expands %j to %j", (raw, expected) => {
		expect(expandBraces(raw)).toEqual(expected);
	});

	it.each(['"q"{a,b}', "{a,b}$X", "plain", "{a\\,b}", "`x`{a,b}"])("leaves %j to the caller", (raw) => {
		expect(expandBraces(raw)).toBeNull();
	});

	it.each(["{a,b", "{a}", "{1..}"])("keeps %j literal, as bash does", (raw) => {
		expect(expandBraces(raw)).toEqual([raw]);
	});

	it("refuses an expansion past MAX_BRACE_WORDS words", () => {
		expect(expandBraces("{1..1000}")).toBeNull();
		expect(expandBraces("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")).toBeNull();
		expect(expandBraces("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")?.length).toBe(MAX_BRACE_WORDS);
	});
});
