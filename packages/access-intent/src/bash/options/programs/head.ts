/**
 * Owns: head's options (GNU coreutils 9.1, `head --help`): every spelling and its canonical name; `-NUM` is `-n NUM`.
 * Never: says which files head reads.
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const HEAD: ProgramSpelling = programSpelling(
	gnuGrammar(
		{
			options: [
				option(["-c", "--bytes"], "value"),
				option(["-n", "--lines"], "value"),
				option(["-q", "--quiet", "--silent"], "flag"),
				option(["-v", "--verbose"], "flag"),
				option(["-z", "--zero-terminated"], "flag"),
				option(["--help"], "flag"),
				option(["--version"], "flag"),
			],
		},
		{ numeric: "-n" },
	),
);
