import { describe, expect, it } from "vitest";
import { optionStringWords } from "../../../src/bash/options/option-string-words";

describe("optionStringWords", () => {
	it.each([
		// node's tokenizer (`ParseNodeOptionsEnvVar`): double quotes removed anywhere, only a space separates.
		["--a --b", ["--a", "--b"]],
		["  --a   --b  ", ["--a", "--b"]],
		['--im""port=x', ["--import=x"]],
		['"--import=a b"', ["--import=a b"]],
		['--x="a\\"b"', ['--x=a"b']],
		["--x='a b'", ["--x='a", "b'"]],
		["--a\t--b", ["--a\t--b"]],
		['""', [""]],
		['"--a', null],
		['"--a\\', null],
	] as const)("node: %j -> %j", (text, words) => {
		expect(optionStringWords(text, "node")).toEqual(words);
	});

	it.each([
		// tar's `TAR_OPTIONS` (and older greps' `GREP_OPTIONS`): shell quoting, no expansion.
		["--a --b", ["--a", "--b"]],
		["--a\t--b\n--c", ["--a", "--b", "--c"]],
		["--x=a\\ b", ["--x=a b"]],
		["'--x=a b'", ["--x=a b"]],
		['"--x=a b"', ["--x=a b"]],
		['--ch""eck', ["--check"]],
		['"a\\"b" "\\$x"', ['a"b', "$x"]],
		["--x=$HOME", ["--x=$HOME"]],
		["''", [""]],
		["'a", null],
		["a\\", null],
	] as const)("shell-quotes: %j -> %j", (text, words) => {
		expect(optionStringWords(text, "shell-quotes")).toEqual(words);
	});
});
