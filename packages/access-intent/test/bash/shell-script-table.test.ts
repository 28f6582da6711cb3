import { describe, expect, it } from "vitest";
import type { CommandUnit } from "../../src/bash/command-unit";
import { READ_SCRIPT_SHELLS } from "../../src/bash/shell-script-table";
import { parseProgram } from "../support/bash-fixture";

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
		// SECURITY: the script reads arguments the gate cannot see (`sh -c 'git "$1"' _ push` runs `git push`).
		"sh -c 'git \"$1\"' _ push",
		"sh -c 'rm \"$@\"' _ x",
		"sh -c 'for f; do rm $f; done' _ x",
		"sh -c 'shift; $0' a b",
		"xargs sh -c 'rm $0'",
		// SECURITY: dash reads `$'…'` as `$` and a quoted string, so a script holding one is not bash's reading.
		"sh -c 'echo $\"x\"; ls'",
		// zsh glob qualifiers run code: zsh, ksh and fish have no row.
		"zsh -c 'ls'",
		"ksh -c 'ls'",
	])("%s stays opaque", (command) => {
		expect(shellUnit(command).scriptRead).toBeUndefined();
	});
});
