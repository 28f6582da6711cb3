import { describe, expect, it } from "vitest";
import { HIDDEN_CODE_COMMANDS, mayAssignHiddenNames } from "../../../src/bash/state/hidden-assignments";
import { parseProgram } from "../../support/bash-fixture";

function hides(command: string): boolean {
	return mayAssignHiddenNames(parseProgram(command).units);
}

describe("commands that may assign a variable their text does not name (ADR 0039)", () => {
	it.each([...HIDDEN_CODE_COMMANDS].map((name) => [name]))("%s runs code this parse does not see", (name) => {
		expect(hides(`${name} x; cat $X`)).toBe(true);
	});

	it.each([
		'declare "$NAME=.env"',
		"declare -n r=$NAME",
		"local -n r=x",
		"typeset -gn r=x",
		"export $NAME",
		'read "$NAME"',
		'read -a "$NAME"',
		'printf -v "$NAME" %s x',
		'mapfile "$NAME"',
		'getopts ab "$NAME"',
		'let "$NAME=1"',
		"$CMD x=1",
		"builtin eval x",
		"command source f",
		"true && . ./f",
		"( eval x )",
	])("%s may", (command) => {
		expect(hides(command)).toBe(true);
	});

	it.each([
		"read X",
		"read -r -a ARR",
		"declare -l X=a",
		"export PATH=/x:$PATH",
		"printf -v X %s y",
		"let X=1",
		"for X in a b; do echo $X; done",
		"X=1 cat $Y",
		"cat $X | sort",
		"echo eval",
	])("%s names every variable it sets", (command) => {
		expect(hides(command)).toBe(false);
	});
});
