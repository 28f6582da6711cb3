/**
 * Owns: chgrp's options (GNU coreutils 9.1, `chgrp --help`): every spelling and its canonical name.
 * Never: reads a group; the first operand is the group unless `--reference` gives it.
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const CHGRP: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-c", "--changes"], "flag"),
			option(["-f", "--silent", "--quiet"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--dereference"], "flag"),
			option(["-h", "--no-dereference"], "flag"),
			option(["--no-preserve-root"], "flag"),
			option(["--preserve-root"], "flag"),
			option(["--reference"], "value"),
			option(["-R", "--recursive"], "flag"),
			option(["-H"], "flag"),
			option(["-L"], "flag"),
			option(["-P"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
