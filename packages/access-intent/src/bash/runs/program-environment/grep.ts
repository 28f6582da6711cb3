/**
 * Owns: grep's documented environment variables that name a file, a command or a configuration, classified (GNU grep
 * 3.8, `man grep`, section ENVIRONMENT), and what an option string in `GREP_OPTIONS` does. GNU grep ignores
 * `GREP_OPTIONS` since 3.6, but BSD grep and older GNU greps read it as options before the command line's: they are
 * read by grep's own grammar with getopt_long's unique abbreviations (`--fi=.env` is `--file=.env`).
 * Never: decides; `environment-effects.ts` reads these rows.
 */

import { GREP_GRAMMAR } from "../../options/environment-grammars/grep-options-grammar";
import { scanOptions } from "../../options/option-scanner";
import { optionStringWords } from "../../options/option-string-words";
import { documentedIn, type EnvironmentRow, type OptionsVerdict } from "../environment-row";

/** grep options that change only what is matched or how it is printed: they name no file and run nothing. */
export const INERT_GREP_OPTIONS: ReadonlySet<string> = new Set([
	"-E",
	"-F",
	"-G",
	"-P",
	"-i",
	"--no-ignore-case",
	"-w",
	"-x",
	"-z",
	"-s",
	"-v",
	"-m",
	"-b",
	"-n",
	"--line-buffered",
	"-H",
	"-h",
	"--label",
	"-o",
	"-q",
	"--binary-files",
	"-a",
	"-I",
	"-L",
	"-l",
	"-c",
	"-T",
	"-Z",
	"-B",
	"-A",
	"-C",
	"--group-separator",
	"--no-group-separator",
	"--color",
	"-U",
]);

/**
 * `inert` when every word is an option of `INERT_GREP_OPTIONS`; anything else (a pattern file `-f`, recursion `-r` that
 * reads the whole tree, `--exclude-from`, an operand, an unknown or ambiguous option) is not known to be harmless.
 */
export function grepOptionsVerdict(value: string): OptionsVerdict {
	const words = optionStringWords(value, "shell-quotes");
	if (words === null) return "unknown";
	const scan = scanOptions(words, GREP_GRAMMAR);
	if (scan.uncertain !== null || scan.operands.length > 0) return "unknown";
	return scan.options.every((option) => INERT_GREP_OPTIONS.has(option.name)) ? "inert" : "unknown";
}

export const GREP_ENVIRONMENT: readonly EnvironmentRow[] = [
	documentedIn("grep(1) (GNU grep before 3.6; BSD grep(1) ENVIRONMENT)")(
		"GREP_OPTIONS",
		"options",
		"grep reads options (pattern files, recursion) from it",
		{ readOptions: grepOptionsVerdict },
	),
];
