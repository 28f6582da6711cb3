/**
 * Owns: awk's options as gawk 5 (gawk(1) OPTIONS), mawk 1.3 (mawk(1) OPTIONS, its `-W` options abbreviate) and
 * busybox read them: the program texts, and the options that name a program file, a library, an extension or a file
 * written.
 * Never: reads an awk program's text (`runs/command-language-effects.ts`, `effects/programs/awk-program.ts` do).
 */
import { option } from "../option-grammar";
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const GAWK = "gawk(1) OPTIONS";

/** gawk reads options with getopt_long (abbreviations, `-bf prog`), and `--` or the program text ends them. */
export const AWK_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, order: "stop-at-operand" },
		[
			named(["-f", "--file"], "script", `${GAWK}: -f program-file; mawk(1) -f`),
			named(["-E", "--exec"], "script", `${GAWK}: -E file`),
			named(["-i", "--include"], "code", `${GAWK}: -i source-file (searched in AWKPATH)`),
			named(["-l", "--load"], "code", `${GAWK}: -l lib (a shared library extension)`),
			named(["-D", "--debug"], "code", `${GAWK}: -D[file] (debugger commands)`, { optionalValue: true }),
			named(["-o", "--pretty-print"], "writes", `${GAWK}: -o[file]`, { optionalValue: true }),
			named(["-p", "--profile"], "writes", `${GAWK}: -p[prof-file]`, { optionalValue: true }),
			named(["-d", "--dump-variables"], "writes", `${GAWK}: -d[file]`, { optionalValue: true }),
			// mawk(1): `-W exec file`, `-We file` (the `-W` options abbreviate); gawk: `-W` is a long option.
			named(["-W"], "setting", "mawk(1) OPTIONS: -W exec file; gawk(1) OPTIONS: -W gawk-opt"),
		],
		{
			// `-e` is `--source` (program text), `-v` is `--assign`, `-F` is `--field-separator`.
			options: [
				option(["-e", "--source"], "value"),
				option(["-v", "--assign"], "value"),
				option(["-F", "--field-separator"], "value"),
			],
			shortFlag: "bcCghIkMnNOPrsStVY",
			shortOptional: "L",
			longOptional: ["lint"],
			longFlag: [
				...["characters-as-bytes", "traditional", "copyright", "gen-pot", "help", "use-lc-numeric", "bignum"],
				...["non-decimal-data", "optimize", "posix", "re-interval", "no-optimize", "sandbox", "lint-old"],
				...["version", "csv", "trace"],
			],
		},
	),
	readBy: "command-language-effects.ts",
};
