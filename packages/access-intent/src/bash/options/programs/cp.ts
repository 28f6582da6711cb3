/**
 * Owns: cp's options (GNU coreutils 9.1, `cp --help`): every spelling, its canonical name, and what an option means
 * besides itself (`-a` is `-dR --preserve=all`, `-d` is `--no-dereference --preserve=links`).
 * Never: says what cp writes (the write-operand table does).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";

export const CP: ProgramSpelling = programSpelling(
	gnuGrammar({
		options: [
			option(["-a", "--archive"], "flag"),
			option(["--attributes-only"], "flag"),
			option(["--backup"], "optional"),
			option(["-b"], "flag"),
			option(["--copy-contents"], "flag"),
			option(["-d"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-i", "--interactive"], "flag"),
			option(["-H"], "flag"),
			option(["-l", "--link"], "flag"),
			option(["-L", "--dereference"], "flag"),
			option(["-n", "--no-clobber"], "flag"),
			option(["-P", "--no-dereference"], "flag"),
			option(["-p"], "flag"),
			option(["--preserve"], "optional"),
			option(["--no-preserve"], "value"),
			option(["--parents"], "flag"),
			option(["-R", "-r", "--recursive"], "flag"),
			option(["--reflink"], "optional"),
			option(["--remove-destination"], "flag"),
			option(["--sparse"], "value"),
			option(["--strip-trailing-slashes"], "flag"),
			option(["-s", "--symbolic-link"], "flag"),
			option(["-S", "--suffix"], "value"),
			option(["-t", "--target-directory"], "value"),
			option(["-T", "--no-target-directory"], "flag"),
			option(["-u", "--update"], "flag"),
			option(["-v", "--verbose"], "flag"),
			option(["-x", "--one-file-system"], "flag"),
			option(["-Z"], "flag"),
			option(["--context"], "optional"),
			option(["--help"], "flag"),
			option(["--version"], "flag"),
		],
	}),
	{
		means: {
			"-a": ["-d", "-R", ["--preserve", "all"]],
			"-d": ["-P", ["--preserve", "links"]],
			"-b": ["--backup"],
			"-p": [["--preserve", "mode,ownership,timestamps"]],
		},
	},
);
