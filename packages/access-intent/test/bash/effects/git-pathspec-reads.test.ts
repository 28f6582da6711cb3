import { describe, expect, it } from "vitest";
import { gitPathspecReads, type PathspecRead } from "../../../src/bash/effects/git-pathspec-reads";

const path = (text: string): PathspecRead => ({ kind: "path", text });
const UNRESOLVED = expect.objectContaining({ kind: "unresolved" });

/** Words of a command line after `git` (no quoting: each row is already split). */
const reads = (line: string): readonly PathspecRead[] => gitPathspecReads(line.split(" "));

describe("gitPathspecReads (gitglossary(7) pathspec, checked with git 2.39)", () => {
	it.each([
		["log -p -- .env", [path(".env")]],
		["log -p -- *.env", [path("*.env")]],
		["log -p -- :(glob)*.env", [path("*.env")]],
		["log -p -- :(literal).env", [path(".env")]],
		["log -p -- :(top,literal).env", [path(".env")]],
		["log -p -- :(icase).ENV", [path(".ENV"), path(".env"), UNRESOLVED]],
		["--icase-pathspecs log -p -- .ENV", [path(".ENV"), path(".env"), UNRESOLVED]],
		["log -p -- :/.env", [path(".env")]],
		["log -p -- :/:.env", [path(".env")]],
		["log -p -- ./.env", [path(".env")]],
		["log -p -- :(attr:secret).env", [path(".env")]],
		// Before `--`: a word only a pathspec can be.
		["log -p *.env", [path("*.env")]],
		["show HEAD :(icase).ENV", [path(".ENV"), path(".env"), UNRESOLVED]],
		["grep SECRET -- *.env", [path("*.env")]],
		["diff HEAD~1 -- config/*.env", [path("config/*.env")]],
		["archive HEAD -- *.env", [path("*.env")]],
		["ls-files *.env", [path("*.env")]],
		// `-L<range>:<file>` names the file.
		["log -L1,1:.env", [path(".env")]],
		["log -L:SECRET:.env", [path(".env")]],
		["log -L 1,+3:config/.env", [path("config/.env")]],
		// Excluding pathspecs name no file read; `.` and `:/` are the whole tree, as no pathspec is.
		["log -p -- :!x", []],
		["log -p -- :^src", []],
		["log -p -- :(exclude)src", []],
		["log -p -- .", []],
		["log -p -- :/", []],
		// Not pathspecs: options, revisions, a sub-command without pathspec operands before `--`.
		["log --oneline -5", []],
		["log main..HEAD", []],
		["fetch origin *.env", []],
		["status", []],
	])("git %s", (line, expected) => {
		expect(reads(line)).toEqual(expected);
	});
});
