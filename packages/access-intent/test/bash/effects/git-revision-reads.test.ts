import { describe, expect, it } from "vitest";
import { gitRevisionReads } from "../../../src/bash/effects/git-revision-reads";

describe("gitRevisionReads", () => {
	it.each([
		["show HEAD:.env", ["show", "HEAD:.env"], [".env"]],
		["cat-file -p main:config/secret", ["cat-file", "-p", "main:config/secret"], ["config/secret"]],
		["show the index entry :.env", ["show", ":.env"], [".env"]],
		["show a stage :2:.env", ["show", ":2:.env"], [".env"]],
		["-C dir show HEAD~1:a/.env", ["-C", "sub", "show", "HEAD~1:a/.env"], ["a/.env"]],
		["diff HEAD:a HEAD:b", ["diff", "HEAD:a", "HEAD:b"], ["a", "b"]],
		["archive HEAD:secrets", ["archive", "HEAD:secrets"], ["secrets"]],
	])("`git %s` reads %j", (_label, args, reads) => {
		expect(gitRevisionReads(args)).toEqual(reads);
	});

	it.each([
		["push origin main:main", ["push", "origin", "main:main"]],
		["clone a URL", ["clone", "https://example.com/x.git"]],
		["show a URL-like operand", ["show", "https://example.com/x"]],
		["show a plain revision", ["show", "HEAD"]],
		["a non-literal sub-command", [null, "HEAD:.env"]],
	])("`git %s` reads nothing by object name", (_label, args) => {
		expect(gitRevisionReads(args)).toEqual([]);
	});
});
