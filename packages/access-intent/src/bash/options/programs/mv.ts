/**
 * Owns: mv's options (GNU coreutils 9.1, `mv --help`): every spelling, its canonical name, and what an option means
 * besides itself (`-b` is `--backup` without an argument).
 * Never: says what mv writes and deletes (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const MV: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["--backup"], "optional"),
			option(["-b"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-i", "--interactive"], "flag"),
			option(["-n", "--no-clobber"], "flag"),
			option(["--strip-trailing-slashes"], "flag"),
			option(["-S", "--suffix"], "value"),
			option(["-t", "--target-directory"], "value"),
			option(["-T", "--no-target-directory"], "flag"),
			option(["-u", "--update"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["-Z", "--context"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
	{ means: { "-b": ["--backup"] } },
);
