/**
 * Owns: whether a command may assign a variable whose name its text does not spell (ADR 0039): code it cannot see
 * (`eval`, `source`, `trap`), a computed command name, a builtin that sets a computed name (`read "$n"`, `printf -v
 * "$n"`, `declare "$x"`), a nameref, with the table of those builtins. While none may, a variable the text never
 * assigns holds its start-up value everywhere in the command.
 * Never: reads values; it answers for the whole command, whatever the order of its units (a loop body or a function
 * may run a later unit first).
 */

import type { CommandUnit } from "../reading/command-unit";
import { literalWordText } from "../reading/shell-word";
import { VARIABLE_WRITERS } from "./shell-state-effects";

/**
 * Commands that run text as code in the current shell, or load code that may: what they assign is not in the text.
 * How to add a row: a builtin that evaluates a string or a file; each row has a test that keeps `cat $X` computed.
 */
export const HIDDEN_CODE_COMMANDS: ReadonlySet<string> = new Set(["eval", "source", ".", "trap", "enable"]);

/** Declaration builtins: a computed argument (`declare "$x=1"`) or `-n` (a nameref) may assign any variable. */
const DECLARATIONS: ReadonlySet<string> = new Set(["export", "declare", "local", "readonly", "typeset"]);

/** True when some unit of the command may assign a variable the text does not name. */
export function mayAssignHiddenNames(units: readonly CommandUnit[]): boolean {
	return units.some(assignsHiddenName);
}

function assignsHiddenName(unit: CommandUnit): boolean {
	if (unit.compound) return false;
	// SECURITY: `$CMD x=.env` may be `declare x=.env`, or `read`, `eval`, …
	if (unit.nameWord !== null && unit.commandName === null) return true;
	const name = unit.commandName;
	if (name === null) return false;
	if (HIDDEN_CODE_COMMANDS.has(name)) return true;
	const texts = unit.args.map(literalWordText);
	if (DECLARATIONS.has(name)) {
		// SECURITY: `declare -n r=$x; r=.env` assigns the variable `$x` names; `declare "$x"` any variable.
		return texts.some((text) => text === null || /^-[A-Za-z]*n/.test(text));
	}
	const writer = VARIABLE_WRITERS.get(name);
	return writer !== undefined && writer(texts) === "any";
}
