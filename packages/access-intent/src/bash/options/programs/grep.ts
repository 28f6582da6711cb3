/**
 * Owns: GNU grep's options (grep 3.8, grep(1) OPTIONS, `grep --help`): those whose value names a file read
 * (`GREP_TABLE`), and every spelling with its canonical name and what an option means besides itself (`GREP`: `-r` is
 * `--directories=recurse`, `-NUM` is `--context=NUM`).
 * Never: reads `GREP_OPTIONS` (the environment tables) or says which files grep reads (`effects/operand-roles/`).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const OPTIONS = "grep(1) OPTIONS";

export const GREP_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["-f", "--file"], "reads", `${OPTIONS}: Matching Control -f FILE`),
			named(["--exclude-from"], "reads", `${OPTIONS}: File and Directory Selection --exclude-from=FILE`),
		],
		{
			shortValue: "ABCDdem",
			shortFlag: "EFGHILPRTUVZabchilnoqrsvwxyz",
			longValue: [
				...["after-context", "before-context", "binary-files", "context", "devices", "directories", "exclude"],
				...["exclude-dir", "group-separator", "include", "label", "max-count", "regexp"],
			],
			longOptional: ["color", "colour"],
		},
	),
};

// Spellings (issue 33): the canonical spelling of a unit.
export const GREP: ProgramSpelling = programSpelling(
	gnuGrammar(
		{
			options: [
				option(["-E", "--extended-regexp"], "flag"),
				option(["-F", "--fixed-strings"], "flag"),
				option(["-G", "--basic-regexp"], "flag"),
				option(["-P", "--perl-regexp"], "flag"),
				option(["-e", "--regexp"], "value"),
				option(["-f", "--file"], "value"),
				option(["-i", "-y", "--ignore-case"], "flag"),
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
		{ numeric: "-C" },
	),
	{
		means: {
			"-r": [["-d", "recurse"]],
			"-a": [["--binary-files", "text"]],
			"-I": [["--binary-files", "without-match"]],
		},
	},
);
