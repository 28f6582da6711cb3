/**
 * Owns: GNU sort's options (coreutils 9.1, sort(1)) whose value names a program, a file or a directory.
 * Never: judges what the compress program runs beyond its name.
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const SORT = "sort(1) DESCRIPTION";

export const SORT_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["--compress-program"], "program", `${SORT}: --compress-program=PROG`),
			named(["-o", "--output"], "writes", `${SORT}: -o, --output=FILE`),
			named(["-T", "--temporary-directory"], "directory", `${SORT}: -T, --temporary-directory=DIR`),
			named(["--files0-from"], "reads", `${SORT}: --files0-from=F`),
			named(["--random-source"], "reads", `${SORT}: --random-source=FILE`),
		],
		{
			shortValue: "kSt",
			shortFlag: "bdfgiMhnRrVcCmsuz",
			longValue: ["batch-size", "buffer-size", "field-separator", "key", "parallel", "sort"],
			longOptional: ["check"],
		},
	),
};
