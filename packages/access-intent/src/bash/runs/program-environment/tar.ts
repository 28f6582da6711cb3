/**
 * Owns: tar's documented environment variables that name a file, a command or a configuration, classified (GNU tar
 * 1.34, `man tar`: `TAR_OPTIONS` under DESCRIPTION, `TAPE` under `-f`), and what an option string in `TAR_OPTIONS`
 * does: read with tar's quoting (quotes and backslashes removed, no expansion) by tar's own grammar with getopt_long's
 * unique abbreviations (`--checkpoint-act=exec=…` is `--checkpoint-action`, `--to-com=…` is `--to-command`).
 * Never: decides; `environment-effects.ts` reads these rows.
 */

import { TAR_GRAMMAR } from "../../options/environment-grammars/tar-options-grammar";
import { scanOptions } from "../../options/option-scanner";
import { optionStringWords } from "../../options/option-string-words";
import { documentedIn, type EnvironmentRow, type OptionsVerdict } from "../environment-row";

/**
 * tar options that change only how an archive is written or read, or what is printed: none names a file or a
 * directory, runs a program, moves where members are extracted, or changes the operation (`-x` in `TAR_OPTIONS`
 * would make `tar -f a.tar` extract). Compressors are run by their own name (`-z` runs `gzip`).
 */
export const INERT_TAR_OPTIONS: ReadonlySet<string> = new Set([
	"--check-device",
	"--no-check-device",
	"--hole-detection",
	"--ignore-failed-read",
	"--no-seek",
	"-n",
	"-S",
	"--sparse-version",
	"-k",
	"--keep-newer-files",
	"--keep-directory-symlink",
	"--no-overwrite-dir",
	"--skip-old-files",
	"-m",
	"--same-owner",
	"--no-same-owner",
	"--no-same-permissions",
	"-p",
	"--numeric-owner",
	"--delay-directory-restore",
	"--no-delay-directory-restore",
	"--atime-preserve",
	"--mode",
	"--mtime",
	"--owner",
	"--group",
	"--owner-map",
	"--group-map",
	"--sort",
	"-b",
	"--record-size",
	"-i",
	"-B",
	"-H",
	"--old-archive",
	"--posix",
	"--pax-option",
	"--acls",
	"--no-acls",
	"--selinux",
	"--no-selinux",
	"--xattrs",
	"--no-xattrs",
	"-a",
	"--no-auto-compress",
	"-j",
	"-J",
	"--lzip",
	"--lzma",
	"--lzop",
	"-z",
	"--zstd",
	"-Z",
	"--force-local",
	"--exclude",
	"--exclude-backups",
	"--exclude-caches",
	"--exclude-caches-all",
	"--exclude-caches-under",
	"--exclude-vcs",
	"--exclude-vcs-ignores",
	"--anchored",
	"--no-anchored",
	"--ignore-case",
	"--no-ignore-case",
	"--wildcards",
	"--no-wildcards",
	"--wildcards-match-slash",
	"--no-wildcards-match-slash",
	"--recursion",
	"--no-recursion",
	"--null",
	"--no-null",
	"--unquote",
	"--no-unquote",
	"--verbatim-files-from",
	"--no-verbatim-files-from",
	"--one-file-system",
	"-l",
	"--checkpoint",
	"--full-time",
	"--quoting-style",
	"--quote-chars",
	"--no-quote-chars",
	"-R",
	"--show-defaults",
	"--show-omitted-dirs",
	"--show-transformed-names",
	"--totals",
	"--utc",
	"-v",
	"--warning",
	"-w",
	"-W",
	"--restrict",
]);

/** `inert` when every word is an option of `INERT_TAR_OPTIONS`; `runs-code` for the options that run a program. */
export function tarOptionsVerdict(value: string): OptionsVerdict {
	const words = optionStringWords(value, "shell-quotes");
	if (words === null) return "unknown";
	const scan = scanOptions(words, TAR_GRAMMAR);
	for (const option of scan.options) if (RUNS_A_PROGRAM.has(option.name)) return "runs-code";
	if (scan.uncertain !== null || scan.operands.length > 0) return "unknown";
	return scan.options.every((option) => INERT_TAR_OPTIONS.has(option.name)) ? "inert" : "unknown";
}

/** tar options whose value is a command tar runs (`--checkpoint-action=exec=…`, `-I prog`, `-F script`, `--rsh-command`). */
const RUNS_A_PROGRAM: ReadonlySet<string> = new Set([
	"--to-command",
	"--checkpoint-action",
	"-I",
	"-F",
	"--rsh-command",
	"--rmt-command",
]);

const TAR = documentedIn("tar(1) DESCRIPTION (TAR_OPTIONS) and OPTIONS -f");

export const TAR_ENVIRONMENT: readonly EnvironmentRow[] = [
	TAR("TAR_OPTIONS", "options", "tar reads options (commands it runs, files it reads) from it", {
		readOptions: tarOptionsVerdict,
	}),
	TAR("TAPE", "writes-value", "tar reads or writes the archive at this path when no `-f` is given"),
];
