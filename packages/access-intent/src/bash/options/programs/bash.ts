/**
 * Owns: bash's invocation options (bash(1) 5.2, OPTIONS, INVOCATION, and the `set`/`shopt` names `-o`/`-O` take) as
 * one grammar, and what each means for a script the gate reads: the script follows (`-c`), comes from stdin (`-s`),
 * changes nothing the gate reads, or makes the shell opaque (a start-up file named, a setting that changes which
 * words of the script run or reach a program's environment).
 * Never: reads the script (the payload parser does); decides an action.
 */
import type { WordRef } from "../../reading/unit-draft";
import { type OptionGrammar, option, optionGrammar, STRICT_READING } from "../option-grammar";
import { valueText } from "../option-queries";
import { refTexts, scanWords } from "../word-option-scan";

/**
 * `inline`: the first operand is the script (`-c`); `stdin`: the script is read from stdin (`-s`); `plain`: the
 * script is read as written; `set-option`/`shopt-option`: the value names a setting, judged by the lists below;
 * `opaque`: what runs is not the script as the gate reads it; `no-run`: bash prints and runs nothing.
 */
type BashOptionMeaning = "inline" | "stdin" | "plain" | "set-option" | "shopt-option" | "opaque" | "no-run";

interface BashOptionRow {
	/** Every spelling: bash reads each long name with one dash or two (`-rcfile` is `--rcfile`), and never abbreviates. */
	readonly spellings: readonly string[];
	readonly takes: "flag" | "value";
	readonly meaning: BashOptionMeaning;
	/** The man page section the row comes from, and why it means what it says. */
	readonly source: string;
}

const OPTS = "bash(1) OPTIONS";
const SET = "bash(1) SHELL BUILTIN COMMANDS, set";
const long = (name: string): string[] => [`--${name}`, `-${name}`];

/** bash 5.2's long options (`shell.c` `long_args`) and short options, each with what it means for the script. */
export const BASH_OPTION_ROWS: readonly BashOptionRow[] = [
	{
		spellings: ["-c"],
		takes: "flag",
		meaning: "inline",
		source: `${OPTS}: -c, commands are read from the first operand`,
	},
	{
		spellings: ["-s"],
		takes: "flag",
		meaning: "stdin",
		source: `${OPTS}: -s, commands are read from the standard input`,
	},
	// SECURITY: a start-up file the command names is code the gate never sees (ADR 0062: `bash --rcfile x -i -c :`).
	{
		spellings: long("rcfile"),
		takes: "value",
		meaning: "opaque",
		source: `${OPTS}: --rcfile file, read instead of ~/.bashrc`,
	},
	{ spellings: long("init-file"), takes: "value", meaning: "opaque", source: `${OPTS}: --init-file file, as --rcfile` },
	// SECURITY: an interactive shell expands aliases (`alias ls=rm` then `ls`) and, without interactive_comments, reads
	// `#` as a word: the script does not run as the gate reads it (INVOCATION: -i reads ~/.bashrc too).
	{
		spellings: ["-i"],
		takes: "flag",
		meaning: "opaque",
		source: `${OPTS}: -i, the shell is interactive (INVOCATION, ALIASES)`,
	},
	{ spellings: ["-o"], takes: "value", meaning: "set-option", source: `${SET}: -o option-name` },
	{ spellings: ["-O"], takes: "value", meaning: "shopt-option", source: `${OPTS}: [-+]O shopt_option` },
	// SECURITY: every assignment of the script is exported (`GIT_DIR=x; git status` reaches git): `set -a`.
	{ spellings: ["-a"], takes: "flag", meaning: "opaque", source: `${SET}: -a, mark variables for export (allexport)` },
	// SECURITY: `git status GIT_DIR=x` puts GIT_DIR in git's environment: `set -k`.
	{
		spellings: ["-k"],
		takes: "flag",
		meaning: "opaque",
		source: `${SET}: -k, assignments anywhere are environment (keyword)`,
	},
	// The user's own profile (a protected target), read as by any login shell: the script is read as written.
	{ spellings: ["-l", ...long("login")], takes: "flag", meaning: "plain", source: `${OPTS}: -l, act as a login shell` },
	{
		spellings: ["-r", ...long("restricted")],
		takes: "flag",
		meaning: "plain",
		source: `${OPTS}: -r, restricted shell`,
	},
	{ spellings: ["-D"], takes: "flag", meaning: "plain", source: `${OPTS}: -D, list $"…" strings (implies -n)` },
	// SECURITY: `-H` (history expansion) is left out: `!` may rewrite a word; it is unknown, so opaque.
	...["e", "u", "x", "v", "n", "f", "b", "h", "m", "p", "t", "C", "E", "T", "B", "P"].map(
		(letter): BashOptionRow => ({
			spellings: [`-${letter}`],
			takes: "flag",
			meaning: "plain",
			source: `${SET}: -${letter}, a setting that changes no word of the script (error handling, tracing, globbing off)`,
		}),
	),
	{ spellings: long("noprofile"), takes: "flag", meaning: "plain", source: `${OPTS}: --noprofile, read no profile` },
	{ spellings: long("norc"), takes: "flag", meaning: "plain", source: `${OPTS}: --norc, read no ~/.bashrc` },
	{ spellings: long("noediting"), takes: "flag", meaning: "plain", source: `${OPTS}: --noediting, no readline` },
	{ spellings: long("verbose"), takes: "flag", meaning: "plain", source: `${OPTS}: --verbose, as -v` },
	// Undocumented (bash 5.2 shell.c long_args): not read as plain.
	{ spellings: long("debug"), takes: "flag", meaning: "opaque", source: "bash 5.2 shell.c long_args: --debug" },
	// SECURITY: sources the debugger's start-up file and turns on extdebug (a DEBUG trap may skip or change commands).
	{
		spellings: long("debugger"),
		takes: "flag",
		meaning: "opaque",
		source: `${OPTS}: --debugger, extdebug and the debugger profile`,
	},
	// SECURITY: POSIX mode changes how words are read and, interactive, reads $ENV.
	{
		spellings: long("posix"),
		takes: "flag",
		meaning: "opaque",
		source: `${OPTS}: --posix, POSIX mode (INVOCATION: $ENV)`,
	},
	{
		spellings: long("pretty-print"),
		takes: "flag",
		meaning: "no-run",
		source: `${OPTS}: --pretty-print, print and exit`,
	},
	{ spellings: long("dump-strings"), takes: "flag", meaning: "no-run", source: `${OPTS}: --dump-strings, as -D` },
	{ spellings: long("dump-po-strings"), takes: "flag", meaning: "no-run", source: `${OPTS}: --dump-po-strings` },
	{ spellings: long("help"), takes: "flag", meaning: "no-run", source: `${OPTS}: --help, usage and exit` },
	{ spellings: long("version"), takes: "flag", meaning: "no-run", source: `${OPTS}: --version, version and exit` },
];

/**
 * bash's invocation grammar: options end at the first operand (the script or, under `-c`, the command string), `+`
 * turns a setting off (`+o name`), any option bash does not have is uncertain (bash refuses it and runs nothing; the
 * gate does not guess), a computed word that may start with a dash is uncertain.
 */
const BASH_INVOCATION: OptionGrammar = optionGrammar(
	{ ...STRICT_READING, plusOptions: true },
	{ options: BASH_OPTION_ROWS.map((row) => option(row.spellings, row.takes)) },
);

/**
 * `set -o` names that change no word of the script and put nothing in a program's environment (bash(1) `set -o`).
 * Any other name is opaque: `allexport`, `keyword`, `posix`, `interactive-comments` (off, `#` is a word),
 * `histexpand`, `braceexpand` (off), and names bash does not have.
 */
export const PLAIN_SET_OPTIONS: ReadonlySet<string> = new Set([
	...["errexit", "nounset", "xtrace", "verbose", "pipefail", "noglob", "noclobber", "noexec", "errtrace", "functrace"],
	...["physical", "hashall", "monitor", "notify", "nolog", "ignoreeof", "onecmd", "privileged"],
]);

/**
 * `shopt` names `-O`/`+O` may set: none is read as plain. `dotglob`, `nullglob`, `globstar`, `nocaseglob` change
 * which files a glob names; `expand_aliases` runs an alias the script defines; `interactive_comments` off makes
 * `#` a word; `extdebug` lets a DEBUG trap skip commands (bash(1) `shopt`).
 */
const PLAIN_SHOPT_OPTIONS: ReadonlySet<string> = new Set<string>();

const MEANINGS: ReadonlyMap<string, BashOptionMeaning> = new Map(
	BASH_OPTION_ROWS.map((row) => [row.spellings[0] as string, row.meaning]),
);

/** What the option `canonical` (a `BASH_INVOCATION` name) means, or `null` for one bash does not have. */
function bashOptionMeaning(canonical: string): BashOptionMeaning | null {
	return MEANINGS.get(canonical) ?? null;
}

/**
 * How a shell's argument words are read: `unknown` (a computed word that may be an option, an option bash does not
 * have, an option missing its value: bash refuses or the gate cannot tell), `no-run` (`--help`, `--version`), or the
 * index of the first operand (the command string under `-c`, else the script file, `length` when none), whether the
 * script is `inline` (`-c`) or read from `stdin` (`-s`), and `asWritten`: false when an option makes what runs differ
 * from the script as the gate reads it (`--rcfile`, `-i`, `-a`, `-k`, `-O`, `-o allexport`).
 */
type ShellInvocation =
	| { readonly kind: "unknown" }
	| { readonly kind: "no-run" }
	| {
			readonly kind: "runs";
			readonly operand: number;
			readonly inline: boolean;
			readonly stdin: boolean;
			readonly asWritten: boolean;
	  };

export function readShellInvocation(args: readonly WordRef[]): ShellInvocation {
	const texts = refTexts(args);
	const scan = scanWords(args, BASH_INVOCATION, texts);
	if (scan.uncertain !== null) return { kind: "unknown" };
	let inline = false;
	let stdin = false;
	let asWritten = true;
	for (const found of scan.options) {
		const meaning = bashOptionMeaning(found.name);
		switch (meaning) {
			case "inline":
				inline = true;
				break;
			case "stdin":
				stdin = true;
				break;
			case "plain":
				break;
			case "set-option":
			case "shopt-option": {
				const value = found.value === null ? null : valueText(found.value, texts);
				const plain = meaning === "set-option" ? PLAIN_SET_OPTIONS : PLAIN_SHOPT_OPTIONS;
				if (value === null || !plain.has(value)) asWritten = false;
				break;
			}
			case "opaque":
			case null:
				asWritten = false;
				break;
			case "no-run":
				return { kind: "no-run" };
			default: {
				const unhandled: never = meaning;
				throw new Error(`unhandled bash option meaning ${String(unhandled)}`);
			}
		}
	}
	// bash(1) OPTIONS: a lone `-` ends the options as `--` does.
	const operand = scan.endOfOptions === null && texts[scan.rest] === "-" ? scan.rest + 1 : scan.rest;
	return { kind: "runs", operand, inline, stdin, asWritten };
}
