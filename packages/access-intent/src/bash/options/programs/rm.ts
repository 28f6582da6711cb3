/**
 * Owns: rm's options (GNU coreutils 9.1, `rm --help`): every spelling and its canonical name.
 * Never: says what rm deletes (`effects/programs/write-operand-table.ts` reads its operands by this grammar).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const RM: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-f", "--force"], "flag"),
			option(["-i"], "flag"),
			option(["-I"], "flag"),
			option(["--interactive"], "optional"),
			option(["--one-file-system"], "flag"),
			option(["--no-preserve-root"], "flag"),
			option(["--preserve-root"], "optional"),
			option(["-r", "-R", "--recursive"], "flag"),
			option(["-d", "--dir"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
