import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../../src/bash/reading/command-unit";
import { READ_SCRIPT_SHELLS } from "../../../src/bash/runs/shell-script-table";
import { parseProgram } from "../../support/bash-fixture";

function shellUnit(command: string): CommandUnit {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const unit = program.units.find((candidate) => candidate.wrapperKind === "opaque-payload");
	if (unit === undefined) throw new Error(`no shell unit in ${command}`);
	return unit;
}

describe("shells whose literal script is read and judged by its units (ADR 0031)", () => {
	it.each([...READ_SCRIPT_SHELLS.keys()])("%s -c 'ls; git status' is read", (shell) => {
		const unit = shellUnit(`${shell} -c 'ls; git status'`);
		expect(unit.scriptRead).toBe(true);
		expect(unit.executedUnit).toBe("ls; git status");
	});

	it.each([
		"bash -ec 'ls'",
		"bash -lc 'ls'",
		"bash -e -u -c 'ls'",
		"bash -o pipefail -c 'ls'",
		"bash --norc -c 'ls'",
		"sh -c 'ls' sh",
		// Words after the script are its `$0`, `$1`, …: harmless while the script never reads them.
		"find . -exec sh -c 'ls' sh {} +",
		"xargs sh -c 'git status'",
		"bash -c 'echo $HOME'",
	])("%s is read", (command) => {
		expect(shellUnit(command).scriptRead).toBe(true);
	});

	it.each([
		// SECURITY: a computed script, stdin, or a script the gate cannot see stays opaque.
		'bash -c "$X"',
		'bash -c "ls $X"',
		"curl x | sh",
		"bash -s",
		"bash -i -c 'ls'",
		"bash --rcfile x -c 'ls'",
		"bash -O extglob -c 'ls'",
		"bash -o posix -c 'ls'",
		// SECURITY: dash reads `$'…'` as `$` and a quoted string, so a script holding one is not bash's reading.
		"sh -c 'echo $\"x\"; ls'",
		// SECURITY: `{}` (find) or the `-I` string (xargs) in the script is a text substitution: a file name is code.
		"find . -exec sh -c 'echo {}' \\;",
		"xargs -I{} sh -c 'echo {}'",
		// zsh glob qualifiers run code: zsh, ksh and fish have no row.
		"zsh -c 'ls'",
		"ksh -c 'ls'",
	])("%s stays opaque", (command) => {
		expect(shellUnit(command).scriptRead).toBeUndefined();
	});

	it.each([
		// The script reads arguments the gate cannot see (`sh -c 'git "$1"' _ push` runs `git push`): its units are
		// read, and every computed word in them is a run-time word that stands for any text in the rules.
		["sh -c 'git \"$1\"' _ push", "git"],
		["sh -c 'rm \"$@\"' _ x", "rm"],
		["sh -c 'for f; do rm $f; done' _ x", "rm"],
		["sh -c 'x=$1; cp $x d' _ y", "cp"],
		["sh -c 'echo $(basename \"$1\")' _ y", "basename"],
		["xargs sh -c 'rm $0'", "rm"],
		['find . -exec sh -c \'mv "$0" "${0%.x}.y"\' {} \\;', "mv"],
	])("%s is read with its computed words as run-time words", (command, inner) => {
		const program = parseProgram(command);
		expect(shellUnit(command).scriptRead).toBe(true);
		const unit = program.units.find((candidate) => candidate.commandName === inner);
		expect(unit?.runTimeWords?.markers).toEqual(expect.arrayContaining(["$", "`"]));
	});

	it("a script whose arguments stay empty keeps its words as spelled", () => {
		const program = parseProgram("sh -c 'git \"$1\"'");
		expect(program.units.find((unit) => unit.commandName === "git")?.runTimeWords).toBeNull();
	});
});
