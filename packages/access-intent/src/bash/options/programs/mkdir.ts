/**
 * Owns: mkdir's options (GNU coreutils 9.1, `mkdir --help`): every spelling and its canonical name.
 * Never: says what mkdir creates (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const MKDIR: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-m", "--mode"], "value"),
			option(["-p", "--parents"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["-Z"], "flag"),
			option(["--context"], "optional"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
