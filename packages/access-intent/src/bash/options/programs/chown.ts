/**
 * Owns: chown's options (GNU coreutils 9.1, `chown --help`): every spelling and its canonical name.
 * Never: reads an owner; the first operand is the owner unless `--reference` gives it.
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const CHOWN: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-c", "--changes"], "flag"),
			option(["-f", "--silent", "--quiet"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--dereference"], "flag"),
			option(["-h", "--no-dereference"], "flag"),
			option(["--from"], "value"),
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
