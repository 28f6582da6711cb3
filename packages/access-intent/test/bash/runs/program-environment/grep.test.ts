import { describe, expect, it } from "vitest";
import { grepOptionsVerdict } from "../../../../src/bash/runs/program-environment/grep";

describe("grepOptionsVerdict", () => {
	it.each([
		["--color=auto", "inert"],
		["-i -n", "inert"],
		["-in --colour=always", "inert"],
		["--ignore-c", "inert"],
		["-5", "inert"],
		// SECURITY: a pattern file, recursion over the tree, or an exclude file names files grep reads.
		["-f .env", "unknown"],
		["--fi=.env", "unknown"],
		["--file=.env", "unknown"],
		["-r", "unknown"],
		["--exclude-from=.env", "unknown"],
		["-d recurse", "unknown"],
		// Ambiguous (`--exclude`, `--exclude-from`, `--exclude-dir`), unknown, or an operand.
		["--excl=x", "unknown"],
		["--frobnicate", "unknown"],
		[".env", "unknown"],
	] as const)("%s -> %s", (value, verdict) => {
		expect(grepOptionsVerdict(value)).toBe(verdict);
	});
});
