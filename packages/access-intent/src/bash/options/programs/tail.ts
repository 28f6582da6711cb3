/**
 * Owns: tail's options (GNU coreutils 9.1, `tail --help`): every spelling, its canonical name, `-NUM` as `-n NUM`, and
 * `-F` as `--follow=name --retry`.
 * Never: says which files tail reads.
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const TAIL: ProgramSpelling = programSpelling(
	gnuGrammar(
		{
			options: [
				option(["-c", "--bytes"], "value"),
				option(["-f", "--follow"], "optional"),
				option(["-F"], "flag"),
				option(["-n", "--lines"], "value"),
				option(["--max-unchanged-stats"], "value"),
				option(["--pid"], "value"),
				option(["-q", "--quiet", "--silent"], "flag"),
				option(["--retry"], "flag"),
				option(["-s", "--sleep-interval"], "value"),
				option(["-v", "--verbose"], "flag"),
				option(["-z", "--zero-terminated"], "flag"),
				option(["--help"], "flag"),
				option(["--version"], "flag"),
			],
		},
		{ numeric: "-n" },
	),
	{ means: { "-F": [["-f", "name"], "--retry"] } },
);
