/**
 * Owns: rmdir's options (GNU coreutils 9.1, `rmdir --help`): every spelling and its canonical name.
 * Never: says what rmdir deletes (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const RMDIR: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["--ignore-fail-on-non-empty"], "flag"),
			option(["-p", "--parents"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
