/**
 * Owns: chmod's options (GNU coreutils 9.1, `chmod --help`): every spelling and its canonical name. A mode may start
 * with a dash (`chmod -w f`): such a word is read as an option the grammar does not list, alike in a command and in
 * a rule, so both keep it.
 * Never: reads a mode (`-R` is recursive, `-r` a mode that removes read permission).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const CHMOD: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-c", "--changes"], "flag"),
			option(["-f", "--silent", "--quiet"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--no-preserve-root"], "flag"),
			option(["--preserve-root"], "flag"),
			option(["--reference"], "value"),
			option(["-R", "--recursive"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
);
