import { describe, expect, it } from "vitest";
import { envSplitString } from "../../../src/bash/runs/env-split-string";

describe("envSplitString", () => {
	it.each([
		["GIT_DIR=x git status", "'GIT_DIR=x' 'git' 'status'"],
		["  a   b ", "'a' 'b'"],
		["a\\_b", "'a' 'b'"],
		['"a\\_b"', "'a b'"],
		["'a b' \"c d\"", "'a b' 'c d'"],
		["'it\\'s'", "'it'\\''s'"],
		["a\\tb", "'a\tb'"],
		["a ${HOME}/x", `'a' "\${HOME}"'/x'`],
		["a #comment", "'a'"],
		["a\\c b", "'a'"],
		["''", "''"],
		["", ""],
		// env refuses these.
		["a $HOME", null],
		["'a", null],
		["a\\q", null],
		['"a\\c"', null],
	] as const)("%j -> %j", (text, bash) => {
		expect(envSplitString(text)).toBe(bash);
	});
});
