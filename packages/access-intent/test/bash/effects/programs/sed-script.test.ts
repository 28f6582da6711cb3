import { describe, expect, it } from "vitest";
import { sedWrites } from "../../../../src/bash/effects/programs/sed-script";

describe("a delimiter inside a bracket expression of a sed regex (GNU sed 4.9, POSIX)", () => {
	it.each([
		["s/^[^/]*\\(.*\\) type .*$/\\1/g", []],
		["s/[/]/X/", []],
		["/[/]/d", []],
		["s/[]/]/X/g", []],
		["s/[[:punct:]/]/X/g", []],
		["s/[\\/]/X/g", []],
		["s/^.*[/]\\(c[^/]*\\)[/]\\(.*\\)$/\\/t\\/\\1_\\2/", []],
		// The `w` flag after a bracketed regex still writes.
		["s/[/]/X/w out", ["out"]],
		["/[/]/w out", ["out"]],
	])("%s is read to its end", (script, files) => {
		expect(sedWrites(script)).toEqual({ files, reads: [], unreadable: false });
	});

	it.each([
		// SECURITY: a bracket that never closes, or closes past a newline, leaves the script unread (sed rejects it).
		"s/[/X/",
		"s/[a\nb]/X/",
		"s/[[:alpha/X/",
	])("%j is unreadable", (script) => {
		expect(sedWrites(script).unreadable).toBe(true);
	});

	it("brackets are plain text in the replacement and in y", () => {
		expect(sedWrites("s/a/[/w out")).toEqual({ files: ["out"], reads: [], unreadable: false });
		expect(sedWrites("y/[/]/")).toEqual({ files: [], reads: [], unreadable: false });
	});
});
