/**
 * Owns: GNU sed's options (sed 4.9, sed(1) COMMAND SYNOPSIS and OPTIONS): its scripts (`-e`) and script files (`-f`).
 * Never: reads a sed script (`runs/command-language-effects.ts`, `effects/programs/sed-script.ts` do).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

export const SED_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[named(["-f", "--file"], "script", "sed(1) OPTIONS: -f script-file, --file=script-file")],
		{
			shortValue: "el",
			shortOptional: "i",
			shortFlag: "nrsuzE",
			longValue: ["expression", "line-length"],
			longOptional: ["in-place"],
			longFlag: [
				...["debug", "follow-symlinks", "help", "null-data", "posix", "quiet", "regexp-extended", "sandbox"],
				...["separate", "silent", "unbuffered", "version", "zero-terminated"],
			],
		},
	),
	readBy: "command-language-effects.ts",
};
