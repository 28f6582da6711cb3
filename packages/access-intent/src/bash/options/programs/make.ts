/**
 * Owns: GNU make's options (make 4.3, make(1) OPTIONS) whose value names a makefile, code, a configuration or a
 * directory, and the command-line variables make reads as its own configuration (`SHELL=`, `MAKEFILES=`).
 * Never: reads a makefile; a named makefile is make's own input, as a script is bash's.
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const M = "make(1) OPTIONS";

/**
 * `make SHELL=prog`, `make MAKEFILES=x.mk`: command-line variables make reads as its own configuration (GNU make
 * manual 5.3.2 Choosing the Shell, 3.4 The Variable MAKEFILES, 5.7.3 Communicating Options): the shell every recipe
 * runs with, more makefiles, more options.
 */
const MAKE_CODE_VARIABLES: ReadonlySet<string> = new Set([
	"SHELL",
	".SHELLFLAGS",
	"MAKEFILES",
	"MAKEFLAGS",
	"MFLAGS",
	"MAKESHELL",
	"GNUMAKEFLAGS",
]);

export const MAKE_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["-f", "--file", "--makefile"], "script", `${M}: -f file`),
			named(["--eval"], "code", `${M}: --eval=string`),
			// make 4.4: `-E string` is `--eval`.
			named(["-E"], "code", "make(1) 4.4 OPTIONS: -E string"),
			named(["-I", "--include-dir"], "config", `${M}: -I dir (where included makefiles are searched)`),
			named(["-C", "--directory"], "directory", `${M}: -C dir`),
		],
		{
			shortValue: "oW",
			shortOptional: "jlO",
			shortFlag: "bBdeiknpqrRsStvw",
			longValue: ["assume-new", "assume-old", "new-file", "old-file", "what-if", "jobserver-auth"],
			longOptional: ["debug", "jobs", "load-average", "output-sync", "jobserver-fds"],
		},
	),
	configVariables: MAKE_CODE_VARIABLES,
};
