/**
 * Owns: GNU sed's options (sed 4.9, sed(1) COMMAND SYNOPSIS and OPTIONS): its scripts (`-e`) and script files (`-f`).
 * Never: reads a sed script (`runs/command-language-effects.ts`, `effects/programs/sed-script.ts` do).
 */
import { option } from "../option-grammar";
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
