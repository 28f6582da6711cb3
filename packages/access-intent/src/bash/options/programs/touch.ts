/**
 * Owns: touch's options (GNU coreutils 9.1, `touch --help`): every spelling and its canonical name.
 * Never: says what touch creates (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const TOUCH: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-a"], "flag"),
			option(["-c", "--no-create"], "flag"),
			option(["-d", "--date"], "value"),
			option(["-f"], "flag"),
			option(["-h", "--no-dereference"], "flag"),
			option(["-m"], "flag"),
			option(["-r", "--reference"], "value"),
			option(["-t"], "value"),
			option(["--time"], "value"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
