import { describe, expect, it } from "vitest";
import { GIT } from "../../../../src/bash/options/programs/git";
import { gitConfigRow } from "../../../../src/bash/runs/code-running-git-config-table";

describe("git's global options that change nothing", () => {
	it.each([
		["-P", null, true],
		["--no-optional-locks", null, true],
		["-c", "color.ui=never", true],
		["-c", "color.diff.meta=blue", true],
		["-c", "column.ui=never", true],
		["-c", "advice.detachedHead=false", true],
		["-c", "core.quotePath=false", true],
		["-c", "core.pager=cat", true],
		["-c", "core.pager=less", false],
		["-c", "core.fsmonitor=x", false],
		["-c", "alias.st=!rm x", false],
		["-c", null, false],
		["-C", "dir", false],
		["--git-dir", "x", false],
		["-p", null, false],
	])("%s %s: %s", (name, value, inert) => {
		expect(GIT.inert?.(name, value)).toBe(inert);
	});

	it("lists no display key that the code-running table says runs a command", () => {
		for (const key of ["color.ui", "color.diff.meta", "column.ui", "advice.detachedhead", "core.quotepath"])
			expect([key, gitConfigRow(key)]).toEqual([key, null]);
	});
});
