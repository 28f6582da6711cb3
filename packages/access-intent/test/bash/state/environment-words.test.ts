import { describe, expect, it } from "vitest";
import { SHELL_SET_VARIABLES } from "../../../src/bash/state/shell-state-table";
import { parseProgram } from "../../support/bash-fixture";

/** Whether the `find` unit of `command` has a known execution (true) or its computed words keep it unknown. */
function findKnown(command: string): boolean {
	const program = parseProgram(command);
	expect(program.unparseable, command).toBeNull();
	const find = program.units.find((unit) => unit.commandName === "find");
	if (find === undefined) throw new Error(`no find in ${command}`);
	return find.wrapperKind === null || find.executedUnit !== null;
}

describe("computed find words whose value the command's text cannot choose (ADR 0031)", () => {
	it.each([
		// A variable the command never assigns holds Pi's environment value.
		"find $DIR -name x -exec ls {} +",
		"find . $DIR -name x -exec ls {} +",
		'find "$DIR" -exec ls {} +',
		"find $HOME/src -exec ls {} +",
		'find "$HOME" "$TMPDIR" -exec ls {} +',
		// Pi runs `bash -c <command>`: the positional parameters are empty.
		"find $1 -exec ls {} +",
		'find "$@" -exec ls {} +',
		// The current directory: one absolute path when quoted, Pi's cwd when nothing changes it.
		'find "$(pwd)" -exec ls {} +',
		'find "$PWD" -exec ls {} +',
		"find $(pwd) -exec ls {} +",
		"find `pwd` -exec ls {} +",
		'cd src && find "$PWD" -exec ls {} +',
		"find <(ls) -exec ls {} +",
		"find /srv/folder{1..50} -exec ls {} +",
		"find ${1:-.} -exec ls {} +",
		"find ${DIR:-/tmp} -exec ls {} +",
	])("%s runs a known command", (command) => {
		expect(findKnown(command)).toBe(true);
	});

	it.each([
		// SECURITY: the command itself chooses the value.
		"DIR=-delete; find $DIR -exec ls {} +",
		"ACTION=-exec; find . $ACTION rm {} \\;",
		"read ACTION; find . $ACTION rm {} \\;",
		"DIR=-delete find $DIR -exec ls {} +",
		"for DIR in -delete; do find $DIR -exec ls {} +; done",
		"read DIR; find $DIR -exec ls {} +",
		'eval "$X"; find $DIR -exec ls {} +',
		"source ./vars.sh; find $DIR -exec ls {} +",
		". ./vars.sh; find $DIR -exec ls {} +",
		"true && . ./vars.sh; find $DIR -exec ls {} +",
		"if . ./vars.sh; then find $DIR -exec ls {} +; fi",
		"builtin . ./vars.sh; find $DIR -exec ls {} +",
		"printf -v DIR %s -delete; find $DIR -exec ls {} +",
		"find ${DIR:--delete} -exec ls {} +",
		// SECURITY: positional parameters of a function or after `set` are the command's.
		"f() { find $1 -exec ls {} +; }; f -delete",
		"set -- -delete; find $1 -exec ls {} +",
		// SECURITY: after a `cd` the unquoted directory may split into an option (`cd 'a -delete'`).
		"cd 'a -delete'; find $PWD -exec ls {} +",
		"cd x; find $(pwd) -exec ls {} +",
		'pwd() { echo -delete; }; find "$(pwd)" -exec ls {} +',
		'PWD=-delete; find "$PWD" -exec ls {} +',
		"PWD=-delete find $PWD -exec ls {} +",
		"function pwd { echo -delete; }; find $(pwd) -exec ls {} +",
		// SECURITY: an unquoted computed part after literal text may split off a word of its own (D=' -delete').
		"D=' -delete'; find /x$D -exec ls {} +",
		"for d in *; do find ./$d -exec ls {} +; done",
		// A payload's variables and arguments come from its caller.
		"sh -c 'find $DIR -exec ls {} +'",
		"find $(cat dirs) -exec ls {} +",
		"find {-delete,.} -exec ls {} +",
		"find ${1:--delete} -exec ls {} +",
		"DIR=-delete; find ${DIR:-.} -exec ls {} +",
	])("%s keeps the command unknown", (command) => {
		expect(findKnown(command)).toBe(false);
	});

	it.each([...SHELL_SET_VARIABLES.keys()])("bash sets $%s itself, so it is not an environment value", (name) => {
		// `cd` sets `PWD`; for the other names it changes nothing.
		expect(findKnown(`cd x; find $${name} -exec ls {} +`)).toBe(false);
	});

	it.each(["BASH_REMATCH", "COMP_WORDS", "READLINE_LINE"])("bash sets the family of $%s itself", (name) => {
		expect(findKnown(`find $${name} -exec ls {} +`)).toBe(false);
	});
});
