/**
 * Owns: the units that change nothing outside the shell running them, by builtin and argument shape: `true`,
 * `false`, `:`, `pwd`, `cd`/`pushd`/`popd` (the directory is tracked by the shell state), `set` of exit-status and
 * tracing options, `export CI=1` and `CI=1` of inert names, the look-ups `command -v`, `type`, `hash` (without `-p`)
 * and `shopt -q`.
 * The shell model decides them: no catch-all rule needs to (the engine still lets a rule that names one decide it).
 * Never: reads a unit with leading assignments (`PATH=/x hash ls` rebinds `ls`), a name spelled with a path (`./true`
 * runs a file), or computed words where an option could hide (`hash $X` may be `hash -p …`).
 */
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, literalWordTexts } from "../reading/shell-word";
import { isInertEnvironmentName } from "./inert-environment-table";

/** The argument texts of a unit (`null` for a computed word) and its `export`-style assignments. */
type ShellOnlyTest = (args: readonly (string | null)[], unit: CommandUnit) => boolean;

const ANY: ShellOnlyTest = () => true;
const LITERAL = (args: readonly (string | null)[]): args is readonly string[] => !args.includes(null);

/** `set` options that only change the exit status, tracing or overwriting (`-e`, `-u`, `-x`, `-v`, `-C`). */
const SET_LETTERS = /^[euxvC]$/;
const SET_NAMES: ReadonlySet<string> = new Set(["errexit", "nounset", "xtrace", "verbose", "pipefail", "noclobber"]);

/** `set -e`, `set -euo pipefail`, `set +x`, `set -o errexit -o pipefail`; not `set --`, `-f`, `-a` or bare `set`. */
function setOptions(args: readonly (string | null)[]): boolean {
	if (args.length === 0 || !LITERAL(args)) return false;
	let index = 0;
	while (index < args.length) {
		const word = args[index++] as string;
		if (!/^[-+][a-zA-Z]+$/.test(word)) return false;
		for (const letter of word.slice(1)) {
			if (letter !== "o") {
				if (!SET_LETTERS.test(letter)) return false;
				continue;
			}
			// `-o` alone lists the options; `-o NAME` sets one.
			const name = args[index];
			if (name === undefined && index === args.length) continue;
			if (name === undefined || !SET_NAMES.has(name)) return false;
			index++;
		}
	}
	return true;
}

/** `export CI=1`, `export NO_COLOR`, `export -p`: names known to be inert, literal values, no `-n`/`-f`. */
function exportsInert(args: readonly (string | null)[], unit: CommandUnit): boolean {
	if (!LITERAL(args) || args.some((arg) => arg !== "-p")) return false;
	return args.length > 0 ? unit.assignments.length === 0 : inertAssignments(unit);
}

/** Every assignment names an inert variable and gives it a literal value (or none). */
function inertAssignments(unit: CommandUnit): boolean {
	if (unit.assignments.length === 0) return false;
	return unit.assignments.every(
		(assignment) =>
			isInertEnvironmentName(assignment.name) &&
			(assignment.value === null || literalWordText(assignment.value) !== null),
	);
}

const SHELL_ONLY: ReadonlyMap<string, ShellOnlyTest> = new Map<string, ShellOnlyTest>([
	["true", ANY],
	["false", ANY],
	[":", ANY],
	["pwd", (args) => args.every((arg) => arg === "-L" || arg === "-P")],
	["cd", ANY],
	["pushd", ANY],
	["popd", ANY],
	["set", setOptions],
	["export", exportsInert],
	// `command -v git` prints where `git` is; any other `command` runs its operand (a wrapper).
	["command", (args) => args[0] === "-v" || args[0] === "-V"],
	["type", (args) => LITERAL(args) && args.every((arg) => !arg.startsWith("-") || /^-[afptP]+$/.test(arg))],
	// SECURITY: `hash -p /tmp/x ls` makes `ls` run `/tmp/x`.
	["hash", (args) => LITERAL(args) && args.every((arg) => !/^-[a-zA-Z]*p/.test(arg))],
	// `shopt -q extglob` only sets the exit status; `-s`/`-u` change how later words are read.
	[
		"shopt",
		(args) =>
			LITERAL(args) &&
			args.some((arg) => /^-[a-z]*q/.test(arg)) &&
			args.every((arg) => !arg.startsWith("-") || /^-[qo]+$/.test(arg)),
	],
]);

/**
 * True when `unit` is a builtin that changes nothing outside the shell running it, spelled as the builtin (no path,
 * no leading assignments), with arguments of the shape its row accepts.
 */
export function isShellOnly(unit: CommandUnit): boolean {
	if (unit.compound) return false;
	// `CI=1`: an assignment alone, of an inert name, sets a variable the shell's later commands may export.
	if (unit.nameWord === null) return unit.args.length === 0 && inertAssignments(unit);
	const name = unit.commandName;
	if (name === null) return false;
	const test = SHELL_ONLY.get(name);
	if (test === undefined || literalWordText(unit.nameWord) !== name) return false;
	// SECURITY: `PATH=/x hash ls`, `FOO=1 command -v x`: a builtin's leading assignments reach only it, but `hash`
	// remembers what it found under them; `export` is the one builtin whose assignments are its operands.
	if (name !== "export" && unit.assignments.length > 0) return false;
	return test(literalWordTexts(unit.args), unit);
}
