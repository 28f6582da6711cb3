import { describe, expect, it } from "vitest";
import { isShellOnly } from "../../../src/bash/runs/shell-only-builtins";
import { parseProgram } from "../../support/bash-fixture";

/** Whether the first unit of `command` is a builtin the shell model decides (ADR 0053). */
const shellOnly = (command: string) => {
	const unit = parseProgram(command).units[0];
	if (unit === undefined) throw new Error(`no unit in ${command}`);
	return isShellOnly(unit);
};

describe("isShellOnly", () => {
	it.each([
		"true",
		"false",
		":",
		": ${X:=1}",
		"true > /dev/null",
		"pwd",
		"pwd -P",
		"cd src",
		"cd",
		"cd -",
		"cd $DIR",
		"pushd src",
		"popd",
		"set -e",
		"set -euo pipefail",
		"set -o pipefail",
		"set -eux",
		"set +e",
		"set -o errexit -o nounset",
		"set -o",
		"set -C",
		"export CI=1",
		"export NO_COLOR",
		"export LC_ALL=C LANG=C.UTF-8",
		"export -p",
		"CI=true",
		"FORCE_COLOR=0",
		"command -v node",
		"command -V git",
		"type git",
		"type -a ls",
		"type -t cd",
		"hash",
		"hash -r",
		"hash git",
		"hash -t git",
		"shopt -q extglob",
		"shopt -qo pipefail",
		"\\cd src",
	])("%j changes nothing outside the shell", (command) => {
		expect(shellOnly(command)).toBe(true);
	});

	it.each([
		["./true", "a file named like the builtin"],
		["/bin/true", "a program spelled by its path"],
		["pwd x", "pwd with an operand"],
		["set -- .env", "sets the positional parameters"],
		["set -f", "switches globbing off"],
		["set -a", "exports every later assignment"],
		["set -o vi", "an option not listed"],
		["set", "prints every variable"],
		["set -o $X", "a computed option name"],
		["export PATH=/tmp", "a variable that moves programs"],
		["export FOO=1", "a name not known to be inert"],
		["export CI=$(rm x)", "a computed value"],
		["export -n CI", "un-exports"],
		["export -f fn", "exports a function"],
		["N=3", "a name not known to be inert"],
		["PATH=/tmp", "a variable that moves programs"],
		["command git status", "runs its operand"],
		["command -p ls", "runs its operand"],
		["type $X", "a computed word"],
		["hash -p /tmp/x ls", "rebinds `ls`"],
		["hash -rp /tmp/x ls", "rebinds `ls`"],
		["hash $X", "a computed word may be `-p`"],
		["shopt -s dotglob", "changes how later words are read"],
		["shopt -qs dotglob", "changes an option quietly"],
		["shopt extglob", "prints"],
		["PATH=/tmp hash ls", "remembers `ls` under another PATH"],
		["FOO=1 cd x", "a leading assignment"],
		["echo hi", "not a builtin the shell model decides"],
		["{ cd x; }", "a compound statement"],
	])("%j is judged by the rules (%s)", (command) => {
		expect(shellOnly(command)).toBe(false);
	});
});
