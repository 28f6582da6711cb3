/**
 * Owns: man's options (man-db 2.11, man(1) OPTIONS) whose value names a command, a configuration or a directory.
 * Never: reads `MANOPT`, `MANPAGER`, `PAGER` (the environment tables).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const M = "man(1) OPTIONS";

export const MAN_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["-P", "--pager"], "command", `${M}: Controlling formatted output -P pager`),
			named(["-H", "--html"], "command", `${M}: Controlling formatted output -H[browser]`, { optionalValue: true }),
			named(["-X", "--gxditview"], "code", `${M}: Controlling formatted output -X[dpi] (starts gxditview)`, {
				optionalValue: true,
			}),
			named(["-C", "--config-file"], "config", `${M}: General options -C file`),
			named(["-M", "--manpath"], "directory", `${M}: Finding manual pages -M path`),
		],
		{
			shortValue: "ELRSaemprs",
			shortOptional: "T",
			shortFlag: "7DIKVWZcdfikltuw",
			longValue: ["encoding", "extension", "locale", "preprocessor", "prompt", "recode", "sections", "systems"],
			longOptional: ["troff-device", "warnings"],
		},
	),
};
