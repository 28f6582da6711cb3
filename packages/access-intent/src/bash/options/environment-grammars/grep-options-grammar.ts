/**
 * Owns: GNU grep's option grammar (grep 3.8, `grep --help`: every option with its synonyms), read as getopt_long
 * reads it: options anywhere, a long name abbreviates to any unique prefix (`--fi` is `--file`), `-NUM` is
 * `--context=NUM`, an ambiguous or unknown option is uncertain.
 * Never: says what an option does (`runs/program-environment/grep.ts` reads `GREP_OPTIONS` by it).
 */
import { GNU_READING, type OptionGrammar, option, optionGrammar } from "../option-grammar";

export const GREP_GRAMMAR: OptionGrammar = optionGrammar(
	{ ...GNU_READING, unknown: "uncertain", numeric: "-C" },
	{
		options: [
			option(["-E", "--extended-regexp"], "flag"),
			option(["-F", "--fixed-strings"], "flag"),
			option(["-G", "--basic-regexp"], "flag"),
			option(["-P", "--perl-regexp"], "flag"),
			option(["-e", "--regexp"], "value"),
			option(["-f", "--file"], "value"),
			option(["-i", "--ignore-case"], "flag"),
			option(["--no-ignore-case"], "flag"),
			option(["-w", "--word-regexp"], "flag"),
			option(["-x", "--line-regexp"], "flag"),
			option(["-z", "--null-data"], "flag"),
			option(["-s", "--no-messages"], "flag"),
			option(["-v", "--invert-match"], "flag"),
			option(["-V", "--version"], "flag"),
			option(["--help"], "flag"),
			option(["-m", "--max-count"], "value"),
			option(["-b", "--byte-offset"], "flag"),
			option(["-n", "--line-number"], "flag"),
			option(["--line-buffered"], "flag"),
			option(["-H", "--with-filename"], "flag"),
			option(["-h", "--no-filename"], "flag"),
			option(["--label"], "value"),
			option(["-o", "--only-matching"], "flag"),
			option(["-q", "--quiet", "--silent"], "flag"),
			option(["--binary-files"], "value"),
			option(["-a", "--text"], "flag"),
			option(["-I"], "flag"),
			option(["-d", "--directories"], "value"),
			option(["-D", "--devices"], "value"),
			option(["-r", "--recursive"], "flag"),
			option(["-R", "--dereference-recursive"], "flag"),
			option(["--include"], "value"),
			option(["--exclude"], "value"),
			option(["--exclude-from"], "value"),
			option(["--exclude-dir"], "value"),
			option(["-L", "--files-without-match"], "flag"),
			option(["-l", "--files-with-matches"], "flag"),
			option(["-c", "--count"], "flag"),
			option(["-T", "--initial-tab"], "flag"),
			option(["-Z", "--null"], "flag"),
			option(["-B", "--before-context"], "value"),
			option(["-A", "--after-context"], "value"),
			option(["-C", "--context"], "value"),
			option(["--group-separator"], "value"),
			option(["--no-group-separator"], "flag"),
			option(["--color", "--colour"], "optional"),
			option(["-U", "--binary"], "flag"),
		],
	},
);
