/**
 * Owns: less's options (less 590, less(1) OPTIONS) whose value names a configuration or a file read or written.
 * `+cmd` runs a less command (`+!cmd` a shell command) only on a terminal, which Pi's bash tool never has: less then
 * copies its input like `cat`, so it is not a named option here.
 * Never: reads `LESSOPEN`/`LESSKEY` (the environment tables).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const L = "less(1) OPTIONS";

/** less reads `-kfile`, `-k file`, `--lesskey-file=file`, and unique abbreviations of long names. */
export const LESS_TABLE: ProgramTable = {
	global: programOptions(
		GETOPT_LONG_READING,
		[
			named(["-k", "--lesskey-file"], "config", `${L}: -kfilename (a lesskey file: key bindings, #env)`),
			named(["--lesskey-src"], "config", `${L}: --lesskey-src=filename`),
			named(["-o", "--log-file"], "writes", `${L}: -ofilename`),
			named(["-O", "--LOG-FILE"], "writes", `${L}: -Ofilename`),
			named(["-T", "--tag-file"], "reads", `${L}: -Ttagsfile`),
		],
		{
			shortValue: "bhjpPtxyz#",
			shortFlag: "aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~",
			longValue: [
				...["buffers", "max-back-scroll", "jump-target", "pattern", "prompt", "tag", "tabs", "window"],
				...["max-forw-scroll", "shift", "wheel-lines", "line-num-width", "status-col-width", "color"],
				...["quotes", "rscroll", "use-color", "header", "exit-follow-on-close"],
			],
		},
	),
};
