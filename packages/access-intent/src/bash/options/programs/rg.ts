/**
 * Owns: ripgrep's options (ripgrep 13, rg(1) OPTIONS): `--pre` names a program, `-f` and `--ignore-file` files read.
 * Never: reads `RIPGREP_CONFIG_PATH` (the environment tables).
 */
import { NO_ABBREVIATION_READING, named, type ProgramTable, programOptions } from "./program-options";

const OPTIONS = "rg(1) OPTIONS";

/** clap: short options bundle, long names are written whole. */
export const RG_TABLE: ProgramTable = {
	global: programOptions(
		NO_ABBREVIATION_READING,
		[
			named(["--pre"], "program", `${OPTIONS}: --pre COMMAND`),
			named(["-f", "--file"], "reads", `${OPTIONS}: -f, --file PATTERNFILE`),
			named(["--ignore-file"], "reads", `${OPTIONS}: --ignore-file PATH`),
		],
		{
			shortValue: "ABCEMTegjmrt",
			shortFlag: "0FHILNPSUabcilnopqsuvwxz.",
			longValue: [
				...["after-context", "before-context", "color", "colors", "context", "context-separator"],
				...["dfa-size-limit", "encoding", "engine", "field-context-separator", "field-match-separator", "glob"],
				...["iglob", "max-columns", "max-count", "max-depth", "max-filesize", "path-separator", "pre-glob"],
				...["regex-size-limit", "regexp", "replace", "sort", "sortr", "threads", "type", "type-add"],
				...["type-clear", "type-not"],
			],
		},
	),
};
