/**
 * Owns: sed's options (GNU sed 4.9, `sed --help`): every spelling and its canonical name (`-i[SUFFIX]` and
 * `--in-place[=SUFFIX]` take their suffix only attached, so `-ie` is `-i` with the suffix `e`).
 * Never: reads a script (`effects/programs/sed-script.ts` does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const SED: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-n", "--quiet", "--silent"], "flag"),
			option(["--debug"], "flag"),
			option(["-e", "--expression"], "value"),
			option(["-f", "--file"], "value"),
			option(["--follow-symlinks"], "flag"),
			option(["-i", "--in-place"], "optional"),
			option(["-l", "--line-length"], "value"),
			option(["--posix"], "flag"),
			option(["-E", "-r", "--regexp-extended"], "flag"),
			option(["-s", "--separate"], "flag"),
			option(["--sandbox"], "flag"),
			option(["-u", "--unbuffered"], "flag"),
			option(["-z", "--null-data"], "flag"),
			option(["-b", "--binary"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
