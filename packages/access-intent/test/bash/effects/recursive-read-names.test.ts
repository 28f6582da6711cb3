import { describe, expect, it } from "vitest";
import { readsFileNamed } from "../../../src/bash/effects/recursive-read-names";
import { parseProgram } from "../../support/bash-fixture";

/** Whether the first recursive read of `command` reads a file called `name`. */
function reads(command: string, name: string): boolean {
	const read = parseProgram(command).recursiveReads[0];
	if (read === undefined) throw new Error(`no recursive read in ${command}`);
	return readsFileNamed(read.names, name);
}

describe("readsFileNamed", () => {
	it.each([
		["find . -name '*.ts' -exec cat {} +", "a.ts", true],
		["find . -name '*.ts' -exec cat {} +", ".env", false],
		["find . -iname '*.TS' -type f -exec cat {} \\;", "b.ts", true],
		["find . -name '*.ts' -name 'a*' -exec cat {} +", "b.ts", false],
		["find . -name 'x[0-9].txt' -exec cat {} +", "x1.txt", true],
		["find . -name 'x[!0-9].txt' -exec cat {} +", "x1.txt", false],
		// SECURITY: an expression that is not a plain conjunction filters nothing.
		["find . -name '*.ts' -o -name '*.js' -exec cat {} +", ".env", true],
		["find . -not -path './node_modules/*' -name '*.ts' -exec cat {} +", ".env", true],
		['find . -name "$PAT" -exec cat {} +', ".env", true],
		["grep -r --include='*.ts' --include='*.js' KEY .", "a.js", true],
		["grep -r --include='*.ts' KEY .", ".env", false],
		["grep -r KEY .", ".env", true],
		["rg KEY", ".env", true],
		// A class the matcher cannot read counts as a match: the file is taken to be read.
		["find . -name '[z-a]' -exec cat {} +", ".env", true],
	] as const)("%s reads a file named %s: %s", (command, name, expected) => {
		expect(reads(command, name)).toBe(expected);
	});
});
