/**
 * Owns: ln's options (GNU coreutils 9.1, `ln --help`): every spelling, its canonical name, and what an option means
 * besides itself (`-b` is `--backup` without an argument).
 * Never: says what ln creates (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const LN: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["--backup"], "optional"),
			option(["-b"], "flag"),
			option(["-d", "-F", "--directory"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-i", "--interactive"], "flag"),
			option(["-L", "--logical"], "flag"),
			option(["-n", "--no-dereference"], "flag"),
			option(["-P", "--physical"], "flag"),
			option(["-r", "--relative"], "flag"),
			option(["-s", "--symbolic"], "flag"),
			option(["-S", "--suffix"], "value"),
			option(["-t", "--target-directory"], "value"),
			option(["-T", "--no-target-directory"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
	{ means: { "-b": ["--backup"] } },
);
