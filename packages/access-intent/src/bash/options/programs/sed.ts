/**
 * Owns: GNU sed's options (sed 4.9, sed(1) OPTIONS, `sed --help`): its scripts (`-e`) and script files (`-f`) for the
 * effect tables (`SED_TABLE`), and every spelling with its canonical name (`SED`: `-ie` is `-i` with the suffix `e`).
 * Never: reads a sed script (`runs/command-language-effects.ts`, `effects/programs/sed-script.ts` do).
 */
import { gnuGrammar, option } from "../option-grammar";
import { type ProgramSpelling, programSpelling } from "../program-spelling";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

export const SED_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[named(["-f", "--file"], "script", "sed(1) OPTIONS: -f script-file, --file=script-file")],
		{
			// Synonyms (sed(1) OPTIONS): `-e` is `--expression`, `-n` is `--quiet`/`--silent`, `-E` is `-r`.
			options: [
				option(["-e", "--expression"], "value"),
				option(["-l", "--line-length"], "value"),
				option(["-i", "--in-place"], "optional"),
				option(["-n", "--quiet", "--silent"], "flag"),
				option(["-E", "-r", "--regexp-extended"], "flag"),
				option(["-s", "--separate"], "flag"),
				option(["-u", "--unbuffered"], "flag"),
				option(["-z", "--null-data", "--zero-terminated"], "flag"),
			],
			longFlag: ["debug", "follow-symlinks", "help", "posix", "sandbox", "version"],
		},
	),
	readBy: "command-language-effects.ts",
};

// Spellings (issue 33): the canonical spelling of a unit.
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
