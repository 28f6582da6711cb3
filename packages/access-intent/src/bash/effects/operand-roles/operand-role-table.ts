/**
 * Owns: the option table of the commands whose words `bash-operand-roles.ts` assigns roles to: which options take
 * values and what each value is (a pattern, a file, other text), whether the first operand is a pattern or program,
 * and what the operands are (files, always files, or printed text). Data only.
 * Never: assigns a role itself. To add a command, add a `spec` row to `SPECS` and a row to
 * `test/path/bash-operand-roles.test.ts`.
 */

import { GNU_READING, type OptionGrammar, type OptionReading, optionGrammar } from "../../options/option-grammar";

/** What an option's value is: a pattern or program, a file, other text, or a word judged as an operand. */
export type ValueRole = "pattern" | "path" | "other" | "operand";

export interface CommandSpec {
	/** Options that take separate value words (or an attached `--opt=v` / `-ov`), with each value's role. */
	readonly values: ReadonlyMap<string, readonly ValueRole[]>;
	/** The options of `values` as a grammar: each takes as many value words as it has roles. */
	readonly grammar: OptionGrammar;
	/** True when the first operand is a pattern/program unless one of the `values` options with a pattern or path role gave it. */
	readonly patternFirst: boolean;
	/**
	 * What the operands after the options are: files if shaped or existing (`operand`), always files (`path`), or
	 * printed text (`text`): a literal word is still judged like an operand (PP-231 `echo //`), a computed one is not.
	 */
	readonly operands: "operand" | "path" | "text";
	/**
	 * True when the first operand is a sub-command (`git status`): a name the program looks up itself, never a file of
	 * the working directory, so a literal one is not probed. A computed one stays an operand.
	 */
	readonly subcommandFirst?: boolean;
}

/**
 * How these commands' options are read: GNU order, unknown options are flags (an unknown `--opt=value` keeps its
 * value, which may name a file), and a long option is matched only as written.
 */
export const OPERAND_ROLE_READING: OptionReading = { ...GNU_READING, abbreviations: "none" };

function spec(
	patternFirst: boolean,
	entries: Record<string, readonly ValueRole[]>,
	operands: CommandSpec["operands"] = "operand",
	reading: OptionReading = OPERAND_ROLE_READING,
): CommandSpec {
	const values = new Map(Object.entries(entries));
	const options = [...values].map(([spelling, roles]) => ({
		spellings: [spelling],
		takes: "value" as const,
		valueWords: roles.length,
	}));
	return { patternFirst, values, operands, grammar: optionGrammar(reading, { options }) };
}

const P: readonly ValueRole[] = ["pattern"];
const F: readonly ValueRole[] = ["path"];
const O: readonly ValueRole[] = ["other"];
/** A value read like an operand: a file if shaped or existing, and `k=/path` by its value (`git -c k=/tmp/x`). */
const V: readonly ValueRole[] = ["operand"];

const GREP = spec(true, {
	"-e": P,
	"--regexp": P,
	"-f": F,
	"--file": F,
	"-m": O,
	"--max-count": O,
	"-A": O,
	"-B": O,
	"-C": O,
	"--after-context": O,
	"--before-context": O,
	"--context": O,
	"--include": O,
	"--exclude": O,
	"--exclude-dir": O,
	"--exclude-from": F,
	"--label": O,
	"-d": O,
	"--directories": O,
	"-D": O,
	"--devices": O,
	"--binary-files": O,
});
const RG = spec(true, {
	"-e": P,
	"--regexp": P,
	"-f": F,
	"--file": F,
	"-g": O,
	"--glob": O,
	"--iglob": O,
	"-t": O,
	"--type": O,
	"-T": O,
	"--type-not": O,
	"--type-add": O,
	"-m": O,
	"--max-count": O,
	"-A": O,
	"-B": O,
	"-C": O,
	"--context": O,
	"-j": O,
	"--threads": O,
	"-M": O,
	"--max-columns": O,
	"-d": O,
	"--max-depth": O,
	"--sort": O,
	"--sortr": O,
	"--pre": F,
	"-r": O,
	"--replace": O,
	"-E": O,
	"--encoding": O,
	"--max-filesize": O,
	"--ignore-file": F,
	"--colors": O,
	"--path-separator": O,
	"--pre-glob": O,
});
const SED = spec(true, { "-e": P, "--expression": P, "-f": F, "--file": F, "-l": O, "--line-length": O });
const AWK = spec(true, {
	"-F": O,
	"--field-separator": O,
	"-v": O,
	"--assign": O,
	"-f": F,
	"--file": F,
	"-e": P,
	"--source": P,
	"-i": F,
	"--include": F,
	"-l": O,
	"--load": O,
});
const JQ = spec(true, {
	"-f": F,
	"--from-file": F,
	"--arg": ["other", "other"],
	"--argjson": ["other", "other"],
	"--slurpfile": ["other", "path"],
	"--rawfile": ["other", "path"],
	"--indent": O,
	"-L": F,
});

/** `echo` and `printf` print their operands (`printf -v name` assigns a variable). */
const ECHO = spec(false, {}, "text");
const PRINTF = spec(false, { "-v": O }, "text");
/** `history -r/-w/-a/-n FILE` reads or writes the history file named by its operand. */
const HISTORY = spec(false, { "-d": O }, "path");
/** `bind -f FILE` reads readline bindings from a file. */
const BIND = spec(false, { "-f": F, "-m": O, "-q": O, "-u": O, "-r": O, "-x": O }, "text");

/**
 * Programs whose operands are never files: they print, compute, signal, wait for or look up their operands (issue
 * 15). Options that do take a file keep the `path` role (`date -f F`, `date -r F`, `dig -f F`, `ping -i` is a number).
 */
const DATE = spec(
	false,
	{ "-f": F, "--file": F, "-r": F, "--reference": F, "-d": O, "--date": O, "-s": O, "--set": O },
	"text",
);
const DIG = spec(false, { "-f": F, "-k": F, "-b": O, "-c": O, "-p": O, "-q": O, "-t": O, "-x": O, "-y": O }, "text");
const HOST = spec(false, { "-c": O, "-N": O, "-R": O, "-t": O, "-W": O, "-m": O }, "text");
const PING = spec(
	false,
	{ "-c": O, "-i": O, "-I": O, "-s": O, "-t": O, "-W": O, "-w": O, "-p": O, "-Q": O, "-l": O, "-M": O, "-m": O },
	"text",
);
const SEQ = spec(false, { "-f": O, "--format": O, "-s": O, "--separator": O }, "text");
const KILL = spec(false, { "-s": O, "-n": O }, "text");
const TEXT_ONLY = spec(false, {}, "text");
/** `ssh DEST CMD…`: the destination and the remote command are text here; key, config and log files are local files. */
const SSH = spec(
	false,
	{
		"-i": F,
		"-F": F,
		"-E": F,
		"-S": F,
		"-o": O,
		"-p": O,
		"-l": O,
		"-L": O,
		"-R": O,
		"-D": O,
		"-J": O,
		"-W": O,
		"-b": O,
		"-c": O,
		"-m": O,
		"-O": O,
		"-Q": O,
		"-w": O,
		"-e": O,
		"-B": O,
		"-I": O,
	},
	"text",
);

/**
 * `find`: the start points are files; a test's argument is a pattern, a number, a date, a mode or a name (`-name
 * "$x"`, `-mtime -$N`, `-newermt "$(date …)"`), except the tests and actions that name a file (`-newer F`, `-fprint F`).
 */
const FIND_TEXT_TESTS = [
	"-name",
	"-iname",
	"-path",
	"-ipath",
	"-wholename",
	"-iwholename",
	"-regex",
	"-iregex",
	"-lname",
	"-ilname",
	"-amin",
	"-atime",
	"-cmin",
	"-ctime",
	"-mmin",
	"-mtime",
	"-size",
	"-perm",
	"-type",
	"-xtype",
	"-user",
	"-group",
	"-uid",
	"-gid",
	"-links",
	"-inum",
	"-maxdepth",
	"-mindepth",
	"-used",
	"-fstype",
	"-context",
	"-regextype",
	"-printf",
	"-newermt",
	"-neweram",
	"-newerat",
	"-newerct",
	"-newerBt",
];
const FIND_FILE_TESTS = ["-newer", "-anewer", "-cnewer", "-samefile", "-fprint", "-fprint0", "-fls"];
/** find's tests and actions are whole words with one dash (`-name`), never clusters of letters. */
const FIND: CommandSpec = spec(
	false,
	{
		...Object.fromEntries(FIND_TEXT_TESTS.map((test) => [test, O])),
		...Object.fromEntries(FIND_FILE_TESTS.map((test) => [test, F])),
		"-fprintf": ["path", "other"],
	},
	"operand",
	{ ...OPERAND_ROLE_READING, singleDash: "word" },
);

const PGREP = spec(
	false,
	{ "-F": F, "--pidfile": F, "-u": O, "-U": O, "-g": O, "-G": O, "-P": O, "-s": O, "-t": O },
	"text",
);
const CHOWN = spec(true, { "--reference": F, "--from": O });

/**
 * git(1) SYNOPSIS: global options, then `<command>`: a built-in, an alias or `git-<command>` on PATH, never a file
 * named by the word. The global options that take a value word (git(1) OPTIONS), so `git -C dir status` finds it.
 */
const GIT: CommandSpec = {
	...spec(false, {
		"-C": F,
		"-c": V,
		"--git-dir": F,
		"--work-tree": F,
		"--namespace": O,
		"--super-prefix": O,
		"--config-env": V,
		"--list-cmds": O,
		"--attr-source": O,
	}),
	subcommandFirst: true,
};

/** How to add a row: a `spec` here and a row in `test/path/bash-operand-roles.test.ts`. */
export const SPECS: ReadonlyMap<string, CommandSpec> = new Map([
	["echo", ECHO],
	["printf", PRINTF],
	["kill", KILL],
	["sleep", TEXT_ONLY],
	["seq", SEQ],
	["date", DATE],
	["expr", TEXT_ONLY],
	["true", TEXT_ONLY],
	["false", TEXT_ONLY],
	["basename", spec(false, { "-s": O, "--suffix": O }, "text")],
	["dirname", TEXT_ONLY],
	["host", HOST],
	["dig", DIG],
	["ping", PING],
	["ping6", PING],
	["ssh", SSH],
	["find", FIND],
	// Names of users, processes, commands, variables and options, never files.
	...[
		"alias",
		"ps",
		"top",
		"pstree",
		"killall",
		"which",
		"whereis",
		"type",
		"id",
		"groups",
		"whoami",
		"uname",
		"nproc",
		"printenv",
		"getent",
		"tput",
		"wait",
		"jobs",
		"fg",
		"bg",
		"disown",
		"exit",
		"return",
		"shift",
		"let",
		"read",
		"set",
		"unset",
		"shopt",
		"ulimit",
		"umask",
	].map((name): [string, CommandSpec] => [name, TEXT_ONLY]),
	["pgrep", PGREP],
	["pkill", PGREP],
	["hostname", spec(false, { "-F": F, "--file": F }, "text")],
	// `chown OWNER FILE…`: the first operand is an owner unless `--reference=F` names a file to copy it from.
	["chown", CHOWN],
	["chgrp", CHOWN],
	["history", HISTORY],
	["bind", BIND],
	["grep", GREP],
	["egrep", GREP],
	["fgrep", GREP],
	["zgrep", GREP],
	["rg", RG],
	["sed", SED],
	["gsed", SED],
	["awk", AWK],
	["gawk", AWK],
	["mawk", AWK],
	["nawk", AWK],
	["jq", JQ],
	["git", GIT],
]);
