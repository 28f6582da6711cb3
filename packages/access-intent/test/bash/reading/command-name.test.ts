import { describe, expect, it } from "vitest";
import { commandNameOf } from "../../../src/bash/reading/command-name";
import type { ShellWord } from "../../../src/bash/reading/shell-word";
import { readShellWord } from "../../../src/bash/reading/word-text";

const word = (raw: string): ShellWord => readShellWord(raw, 0, raw.length, []);

describe("commandNameOf", () => {
	it.each([
		["rm", "rm"],
		["'rm'", "rm"],
		['r""m', "rm"],
		["\\rm", "rm"],
		["/bin/rm", "rm"],
		["/usr/local/bin/git", "git"],
		["./run.sh", "run.sh"],
		["$'\\x72m'", "rm"],
	])("normalises %s to %s", (raw, name) => {
		expect(commandNameOf(word(raw))).toBe(name);
	});

	it.each(["$CMD", "rm${IFS}", "/bin/r?", "r*", "/bin/", "{rm,x}", ""])("gives no name for %s", (raw) => {
		expect(commandNameOf(word(raw))).toBeNull();
	});
});
