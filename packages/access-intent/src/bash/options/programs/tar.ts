/**
 * Owns: GNU tar's options (tar 1.34, tar(1) OPTIONS) whose value names a command, a program, code, a file read or
 * written or a directory, read as tar reads them (the traditional first word `cfT a.tar list` included).
 * Never: reads the archive or `TAR_OPTIONS` (the environment tables).
 */
import { GETOPT_LONG_READING, named, type ProgramTable, programOptions } from "./program-options";

const T = "tar(1) OPTIONS";

export const TAR_TABLE: ProgramTable = {
	global: programOptions(
		{ ...GETOPT_LONG_READING, bundledFirstWord: true },
		[
			named(["--to-command"], "command", `${T}: Output stream selection --to-command=COMMAND`),
			named(["-I", "--use-compress-program"], "command", `${T}: Compression options -I COMMAND`),
			named(["-F", "--info-script", "--new-volume-script"], "command", `${T}: Device selection -F COMMAND`),
			named(["--checkpoint-action"], "code", `${T}: Informative output --checkpoint-action=ACTION (exec=…)`),
			named(["--rsh-command"], "program", `${T}: Device selection --rsh-command=COMMAND`),
			named(["--rmt-command"], "program", `${T}: Device selection --rmt-command=COMMAND`),
			named(["-f", "--file"], "reads", `${T}: Device selection -f ARCHIVE (written when creating)`),
			named(["-T", "--files-from"], "reads", `${T}: Local file selection -T FILE`),
			named(["-X", "--exclude-from"], "reads", `${T}: Local file selection -X FILE`),
			named(["--add-file"], "reads", `${T}: Local file selection --add-file=FILE`),
			named(["--exclude-ignore"], "reads", `${T}: Local file selection --exclude-ignore=FILE`),
			named(["--exclude-ignore-recursive"], "reads", `${T}: Local file selection --exclude-ignore-recursive=FILE`),
			named(["-C", "--directory"], "directory", `${T}: Local file selection -C DIR`),
			named(["-g", "--listed-incremental"], "writes", `${T}: Operation modifiers -g FILE`),
			named(["--index-file"], "writes", `${T}: Informative output --index-file=FILE`),
			named(["--volno-file"], "writes", `${T}: Device selection --volno-file=FILE`),
		],
		{
			shortValue: "bHKLNV",
			shortFlag: "ABGJMOPRSUWZacdhijklmnoprstuvwxz",
			longValue: [
				...["acls", "after-date", "blocking-factor", "exclude", "exclude-tag", "exclude-tag-all"],
				...["exclude-tag-under", "format", "group", "group-map", "hole-detection", "label", "level", "mode"],
				...["mtime", "newer", "newer-mtime", "no-quote-chars", "owner", "owner-map", "pax-option", "quote-chars"],
				...["quoting-style", "record-size", "sort", "sparse-version", "starting-file", "strip-components"],
				...["suffix", "tape-length", "transform", "warning", "xattrs-exclude", "xattrs-include", "xform"],
			],
			longOptional: ["atime-preserve", "backup", "checkpoint", "occurrence", "one-top-level", "totals"],
		},
	),
};
