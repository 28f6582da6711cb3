/**
 * Owns: GNU grep's options (grep 3.8, grep(1) OPTIONS) whose value names a file read.
 * Never: reads `GREP_OPTIONS` (the environment tables).
 */
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
