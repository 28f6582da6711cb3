/**
 * Owns: the data of which programs read whole trees by themselves (`grep -r`, `rg`, `tar c`, `cp -r`, …): when they
 * walk, which operands are the trees, what they read with no tree named, and whether they skip hidden entries.
 * Never: holds logic (`recursive-reads.ts` applies it) or decides anything; one row per program family, each with a
 * row test under `test/bash/effects/`.
 */
import { gnuGrammar, type OptionGrammar } from "../options/option-grammar";

/** Which operands name the trees a program reads. */
type RecursiveRoots =
	/** `grep`, `rg`, `ag`, `ack`: the first operand is the pattern unless one of `patternOptions` gave it. */
	| { readonly kind: "after-pattern"; readonly patternOptions: readonly string[] }
	/** `diff -r a b`: every operand. */
	| { readonly kind: "all" }
	/** `cp`, `rsync`, `scp`: every operand but the last (the destination), or all of them after `targetOptions`. */
	| { readonly kind: "sources"; readonly targetOptions: readonly string[] }
	/** `zip out.zip dir`, `7z a out.7z dir`: the operands after the archive (after `command` when given). */
	| { readonly kind: "after-archive"; readonly command?: string }
	/** `tar`: the operands of a creating mode; `-C DIR` places the operands after it in `DIR`. */
	| { readonly kind: "tar" }
	/** `find`, `fd`: the start points (`find`'s leading operands; `fd`'s after its pattern). */
	| { readonly kind: "start-points" };

/** When the program walks and reads the files' contents. */
type RecursiveTrigger =
	/** It always does (`rg`, `ag`, `rgrep`). */
	| { readonly kind: "always" }
	/** Only with one of these options (`-r`, `--recursive`, `-d recurse` as `-d=recurse`). */
	| { readonly kind: "option"; readonly names: readonly string[]; readonly values?: Readonly<Record<string, string>> }
	/** `tar`: in a creating mode (`c`, `r`, `u` as a first bundle or `-c`, `--create`, …). */
	| { readonly kind: "tar-create" }
	/**
	 * `find`, `fd`: it only lists the tree, and reads what it lists when it runs a program on each entry (`names`:
	 * `-exec`, `-x`) or when the same command feeds the listing to `xargs`.
	 */
	| { readonly kind: "lists"; readonly names: readonly string[] };

export interface RecursiveReaderRow {
	/** Command names (basenames) of the family. */
	readonly names: readonly string[];
	readonly grammar: OptionGrammar;
	readonly trigger: RecursiveTrigger;
	readonly roots: RecursiveRoots;
	/**
	 * With no tree named: `cwd` reads the working directory; `cwd-unless-stdin` reads standard input instead when it
	 * is a pipe or a redirect (ripgrep, ag and ack look); `none` reads no tree.
	 */
	readonly noRoot: "cwd" | "cwd-unless-stdin" | "none";
	/**
	 * Hidden entries (a name starting with `.`) below a tree are read, or skipped unless one of `unless` is given (or
	 * one of `twice` is given twice: `rg -uu`).
	 */
	readonly hidden:
		| { readonly kind: "read" }
		| { readonly kind: "skipped"; readonly unless: readonly string[]; readonly twice?: readonly string[] };
	/** Options with which it reads no file's contents (`rg --files` lists names). */
	readonly namesOnly?: readonly string[];
}

const GREP_GRAMMAR: OptionGrammar = gnuGrammar({
	shortValue: "efmABCdD",
	longValue: [
		"regexp",
		"file",
		"max-count",
		"after-context",
		"before-context",
		"context",
		"directories",
		"devices",
		"include",
		"exclude",
		"exclude-dir",
		"exclude-from",
		"label",
		"binary-files",
		"group-separator",
	],
});

const RG_GRAMMAR: OptionGrammar = gnuGrammar({
	shortValue: "efgtTmABCjMrEd",
	longValue: [
		"regexp",
		"file",
		"glob",
		"iglob",
		"type",
		"type-not",
		"type-add",
		"type-clear",
		"max-count",
		"after-context",
		"before-context",
		"context",
		"threads",
		"max-columns",
		"replace",
		"encoding",
		"max-depth",
		"pre",
		"pre-glob",
		"sort",
		"sortr",
		"max-filesize",
		"path-separator",
		"colors",
		"ignore-file",
		"context-separator",
		"field-context-separator",
		"field-match-separator",
		"dfa-size-limit",
		"regex-size-limit",
		"engine",
		"hostname-bin",
		"hyperlink-format",
		"generate",
	],
});

export const RECURSIVE_READERS: readonly RecursiveReaderRow[] = [
	{
		names: ["grep", "egrep", "fgrep"],
		grammar: GREP_GRAMMAR,
		trigger: {
			kind: "option",
			names: ["-r", "-R", "--recursive", "--dereference-recursive"],
			values: { "-d": "recurse", "--directories": "recurse" },
		},
		roots: { kind: "after-pattern", patternOptions: ["-e", "-f", "--regexp", "--file"] },
		// GNU grep -r with no file reads the working directory, whatever its input is.
		noRoot: "cwd",
		hidden: { kind: "read" },
	},
	{
		names: ["rgrep"],
		grammar: GREP_GRAMMAR,
		trigger: { kind: "always" },
		roots: { kind: "after-pattern", patternOptions: ["-e", "-f", "--regexp", "--file"] },
		noRoot: "cwd",
		hidden: { kind: "read" },
	},
	{
		names: ["rg"],
		grammar: RG_GRAMMAR,
		trigger: { kind: "always" },
		roots: { kind: "after-pattern", patternOptions: ["-e", "-f", "--regexp", "--file"] },
		noRoot: "cwd-unless-stdin",
		hidden: { kind: "skipped", unless: ["--hidden", "-."], twice: ["-u", "--unrestricted"] },
		namesOnly: ["--files", "--type-list"],
	},
	{
		names: ["ag"],
		grammar: gnuGrammar({
			shortValue: "AmBCGgp",
			longValue: ["after", "before", "context", "file-search-regex", "max-count", "path-to-ignore", "depth", "pager"],
		}),
		trigger: { kind: "always" },
		roots: { kind: "after-pattern", patternOptions: [] },
		noRoot: "cwd-unless-stdin",
		hidden: { kind: "skipped", unless: ["--hidden", "-u", "--unrestricted"] },
		namesOnly: ["-g", "--list-file-types"],
	},
	{
		names: ["ack", "ack-grep"],
		grammar: gnuGrammar({
			shortValue: "ABCm",
			longValue: [
				"after-context",
				"before-context",
				"context",
				"max-count",
				"type",
				"ignore-dir",
				"ignore-file",
				"match",
				"output",
			],
		}),
		trigger: { kind: "always" },
		roots: { kind: "after-pattern", patternOptions: ["--match"] },
		noRoot: "cwd-unless-stdin",
		hidden: { kind: "read" },
		namesOnly: ["-f"],
	},
	{
		names: ["tar", "bsdtar", "gtar"],
		grammar: gnuGrammar({
			shortValue: "fCTXbHKLNgV",
			longValue: [
				"file",
				"directory",
				"files-from",
				"exclude-from",
				"exclude",
				"blocking-factor",
				"format",
				"newer",
				"after-date",
				"label",
				"transform",
				"use-compress-program",
				"owner",
				"group",
				"mode",
				"mtime",
			],
		}),
		trigger: { kind: "tar-create" },
		roots: { kind: "tar" },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["zip"],
		grammar: gnuGrammar({
			shortValue: "bntxiPZ",
			longValue: ["temp-path", "suffixes", "exclude", "include", "password", "compression-method"],
		}),
		trigger: { kind: "option", names: ["-r", "-R", "--recurse-paths", "--recurse-patterns"] },
		roots: { kind: "after-archive" },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["7z", "7za", "7zr"],
		grammar: gnuGrammar({ shortValue: "", longValue: [] }),
		trigger: { kind: "always" },
		roots: { kind: "after-archive", command: "a" },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["cp"],
		grammar: gnuGrammar({
			shortValue: "tS",
			longValue: ["target-directory", "suffix", "backup", "sparse", "reflink", "preserve", "no-preserve"],
		}),
		trigger: { kind: "option", names: ["-r", "-R", "-a", "--recursive", "--archive"] },
		roots: { kind: "sources", targetOptions: ["-t", "--target-directory"] },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["rsync"],
		grammar: gnuGrammar({
			shortValue: "efBT",
			longValue: [
				"rsh",
				"rsync-path",
				"filter",
				"exclude",
				"exclude-from",
				"include",
				"include-from",
				"files-from",
				"temp-dir",
				"compare-dest",
				"copy-dest",
				"link-dest",
				"backup-dir",
				"suffix",
				"chmod",
				"chown",
				"log-file",
				"password-file",
				"port",
				"bwlimit",
				"timeout",
			],
		}),
		trigger: { kind: "option", names: ["-r", "-a", "--recursive", "--archive"] },
		roots: { kind: "sources", targetOptions: [] },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["scp"],
		grammar: gnuGrammar({ shortValue: "cFiJlPoS", longValue: [] }),
		trigger: { kind: "option", names: ["-r"] },
		roots: { kind: "sources", targetOptions: [] },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["diff"],
		grammar: gnuGrammar({
			shortValue: "CUFIWLSxX",
			longValue: [
				"context",
				"unified",
				"show-function-line",
				"ignore-matching-lines",
				"width",
				"label",
				"starting-file",
				"exclude",
				"exclude-from",
				"from-file",
				"to-file",
				"line-format",
				"palette",
				"color",
			],
		}),
		trigger: { kind: "option", names: ["-r", "--recursive"] },
		roots: { kind: "all" },
		noRoot: "none",
		hidden: { kind: "read" },
	},
	{
		names: ["find"],
		// Operands here are the start points before the expression; the expression is read by the collector.
		grammar: gnuGrammar({ shortValue: "D", longValue: [] }, { order: "stop-at-operand" }),
		trigger: { kind: "lists", names: ["-exec", "-execdir", "-ok", "-okdir"] },
		roots: { kind: "start-points" },
		noRoot: "cwd",
		hidden: { kind: "read" },
	},
	{
		names: ["fd", "fdfind"],
		grammar: gnuGrammar({
			shortValue: "deEtjSoc",
			longValue: [
				"max-depth",
				"min-depth",
				"exact-depth",
				"extension",
				"exclude",
				"type",
				"threads",
				"size",
				"changed-within",
				"changed-before",
				"owner",
				"base-directory",
				"search-path",
				"color",
				"ignore-file",
				"max-results",
				"path-separator",
				"batch-size",
				"format",
			],
		}),
		trigger: { kind: "lists", names: ["-x", "-X", "--exec", "--exec-batch"] },
		roots: { kind: "start-points" },
		noRoot: "cwd",
		hidden: { kind: "skipped", unless: ["-H", "--hidden", "-u", "--unrestricted"] },
	},
];

/**
 * Programs that, run on listed entries (`find … -exec rm {} +`, `find … | xargs chmod 644`), handle the names only and
 * never print a file's contents. Anything else run on an entry (including a program run through a wrapper or a
 * shell) is taken to read it.
 */
const NAMES_ONLY_PROGRAMS: ReadonlySet<string> = new Set([
	"rm",
	"rmdir",
	"unlink",
	"mv",
	"chmod",
	"chown",
	"chgrp",
	"touch",
	"ls",
	"stat",
	"du",
	"file",
	"echo",
	"printf",
	"basename",
	"dirname",
	"realpath",
	"readlink",
	"mkdir",
	"ln",
	"test",
	"[",
	"true",
	"false",
]);

/** Whether a program run on listed entries handles their names only (`rm`, `/bin/rm`, `chmod`, `ls`). */
export function handlesNamesOnly(program: string): boolean {
	return NAMES_ONLY_PROGRAMS.has(program.slice(program.lastIndexOf("/") + 1));
}

/** The row for a command name, or `undefined`. */
export function recursiveReaderRow(name: string): RecursiveReaderRow | undefined {
	return BY_NAME.get(name);
}

const BY_NAME: ReadonlyMap<string, RecursiveReaderRow> = new Map(
	RECURSIVE_READERS.flatMap((row) => row.names.map((name) => [name, row] as const)),
);
