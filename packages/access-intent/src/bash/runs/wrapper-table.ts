/**
 * Owns: the data of every known wrapper: its kind, its option grammar (which options take a value, which make the
 * executed command uncertain), leading operands, and whether it hands its words to a shell.
 * Never: holds logic; `wrapper-analysis.ts` interprets these entries. Over 400 lines: one lookup table, whose
 * entries are reviewed together (a wrapper missing here is a bypass), so it is not split by letter.
 */

import {
	type OptionGrammar,
	type OptionReading,
	option,
	optionGrammar,
	STRICT_READING,
	strictGrammar,
} from "../options/option-grammar";
import type { WrapperKind } from "../reading/command-unit";
import { CODE_RUNNING_OPTIONS } from "./code-running-option-table";
import {
	DYNAMIC_LOADER,
	LISTING_RUNNERS,
	OPAQUE_RUNNERS,
	PACKAGE_RUNNERS,
	SQL_CLIENTS,
	VIM_VARIANT,
} from "./command-runner-table";

/**
 * The architecture names util-linux's setarch answers to when called by them (setarch.c's transitions table; Debian
 * amd64 installs `i386`, `linux32`, `linux64`, `x86_64`), each running its operands as a command.
 */
export const SETARCH_ALIASES: readonly string[] = [
	"uname26",
	"i386",
	"i486",
	"i586",
	"i686",
	"athlon",
	"x86_64",
	"ppc",
	"ppc32",
	"ppc64",
	"ppcle",
	"ppc64le",
	"sparc",
	"sparc32",
	"sparc32bash",
	"sparc64",
	"ia64",
	"parisc",
	"parisc32",
	"parisc64",
	"s390",
	"s390x",
	"mips",
	"mips32",
	"mips64",
	"arm",
	"armv7l",
	"armh",
	"armv8l",
	"arm64",
	"aarch64",
	"alpha",
	"loongarch",
	"loongarch64",
];

/** How the command a prefix wrapper runs is found after its options. */
export interface PrefixWrapper {
	readonly shape: "prefix";
	readonly grammar: OptionGrammar;
	/** `NAME=value` words between the options and the command (`env`, `sudo`). */
	readonly assignments: boolean;
	/** Operands before the command (`timeout`'s duration, `chroot`'s new root). */
	readonly operands: number;
	/** The command words are joined with spaces and run by a shell (`watch`, `parallel`, `rush`). */
	readonly shellJoin: boolean;
	/** Words a wrapper replaces at run time (`parallel`'s `{}`, `{.}`): a word holding one is not known. */
	readonly markers: readonly string[];
	/** Words that end the command (`parallel … ::: inputs`). */
	readonly terminators: readonly string[];
	/** The joined words are GNU parallel's composed command, read by `composed-command.ts` (ADR 0038). */
	readonly composed?: boolean;
	/** `env -S STRING`: the string is split into words as env does and read in its place (`env-split-string.ts`). */
	readonly splitString?: boolean;
}

/** Wrappers whose grammar needs code: shells, `eval`, `source`, interpreters, `find`, `fd`, `xargs`, `flock`, `su`. */
export type SpecialShape =
	| "shell"
	| "eval"
	| "trap"
	| "source"
	| "find"
	| "fd"
	| "xargs"
	| "flock"
	| "su"
	| "callback"
	| "awk"
	| "sed"
	| "command-runner"
	| "options"
	| "git"
	| "package-runner"
	| "tmux"
	| "sqlite"
	| "loader"
	| "start-stop"
	| "capsh"
	| "sql-client"
	| "listing"
	| "perf"
	| "socat"
	| "cmake"
	| "hyperfine"
	| "ip";

/** Shapes whose kind follows what they run: an indirection when it is known, opaque when it is not (ADR 0026). */
export const EFFECT_SHAPES: ReadonlySet<SpecialShape> = new Set([
	"options",
	"git",
	"package-runner",
	"tmux",
	"sqlite",
	"loader",
	"start-stop",
	"capsh",
	"sed",
	"sql-client",
	"listing",
	"perf",
	"socat",
	"cmake",
	"hyperfine",
	"ip",
]);

interface WrapperEntry {
	readonly kind: WrapperKind;
	readonly spec: PrefixWrapper | { readonly shape: SpecialShape };
}

/** Wrappers read their options strictly: an option not listed, or a word that may hide one, leaves the command unknown. */
const NO_OPTIONS: OptionGrammar = strictGrammar({});

function prefix(grammar: OptionGrammar, extra: Partial<Omit<PrefixWrapper, "shape" | "grammar">> = {}): WrapperEntry {
	return {
		kind: "indirection",
		spec: {
			shape: "prefix",
			grammar,
			assignments: false,
			operands: 0,
			shellJoin: false,
			markers: [],
			terminators: [],
			...extra,
		},
	};
}

const special = (kind: WrapperKind, shape: SpecialShape): WrapperEntry => ({ kind, spec: { shape } });

/** Shells whose `-c` payload is bash-compatible enough to parse with the bash grammar. */
export const BASH_COMPATIBLE_SHELLS: ReadonlySet<string> = new Set([
	"bash",
	"sh",
	"dash",
	"zsh",
	"ksh",
	"mksh",
	"ash",
	"yash",
	"posh",
	"rbash",
	"ksh93",
	"pdksh",
	"lksh",
	"oksh",
]);

const WRAPPERS: ReadonlyMap<string, WrapperEntry> = new Map<string, WrapperEntry>([
	[
		"sudo",
		prefix(
			strictGrammar({
				shortValue: "ugCDprtTUR",
				shortFlag: "AbEHknPSBN",
				shortUncertain: "eilsvVhK",
				longValue: [
					"user",
					"group",
					"close-from",
					"chdir",
					"prompt",
					"role",
					"type",
					"command-timeout",
					"other-user",
					"chroot",
				],
				longFlag: [
					"askpass",
					"background",
					"preserve-env",
					"set-home",
					"non-interactive",
					"preserve-groups",
					"stdin",
					"bell",
					"reset-timestamp",
				],
				longUncertain: ["edit", "login", "list", "shell", "validate", "version", "help", "host", "remove-timestamp"],
			}),
			{ assignments: true },
		),
	],
	["doas", prefix(strictGrammar({ shortValue: "u", shortFlag: "n", shortUncertain: "sCL" }))],
	[
		"env",
		prefix(
			strictGrammar(
				{
					shortValue: "uC",
					shortFlag: "i0v",
					shortUncertain: "SP",
					longValue: ["unset", "chdir"],
					longFlag: [
						"ignore-environment",
						"null",
						"debug",
						"default-signal",
						"ignore-signal",
						"block-signal",
						"list-signal-handling",
					],
					longUncertain: ["split-string", "help", "version"],
				},
				{ loneDash: "option" },
			),
			{ assignments: true, splitString: true },
		),
	],
	["command", prefix(strictGrammar({ shortFlag: "p", shortUncertain: "vV" }))],
	["builtin", prefix(NO_OPTIONS)],
	["exec", prefix(strictGrammar({ shortValue: "a", shortFlag: "cl" }))],
	["nohup", prefix(NO_OPTIONS)],
	["nice", prefix(strictGrammar({ shortValue: "n", longValue: ["adjustment"] }, { numeric: "-n" }))],
	[
		"ionice",
		prefix(
			strictGrammar({
				shortValue: "cn",
				shortFlag: "t",
				shortUncertain: "pPu",
				longValue: ["class", "classdata"],
				longFlag: ["ignore"],
				longUncertain: ["pid", "pgid", "uid"],
			}),
		),
	],
	[
		"timeout",
		prefix(
			strictGrammar({
				shortValue: "sk",
				shortFlag: "v",
				longValue: ["signal", "kill-after"],
				longFlag: ["preserve-status", "foreground", "verbose"],
			}),
			{ operands: 1 },
		),
	],
	[
		"time",
		prefix(
			strictGrammar({
				shortValue: "of",
				shortFlag: "apvq",
				longValue: ["output", "format"],
				longFlag: ["append", "portability", "verbose", "quiet"],
			}),
		),
	],
	["stdbuf", prefix(strictGrammar({ shortValue: "ioe", longValue: ["input", "output", "error"] }))],
	["setsid", prefix(strictGrammar({ shortFlag: "cfw", longFlag: ["ctty", "fork", "wait"] }))],
	[
		"watch",
		prefix(
			strictGrammar({
				shortValue: "nq",
				shortFlag: "bcdegtpw",
				shortUncertain: "x",
				longValue: ["interval", "equexit"],
				longFlag: ["beep", "color", "no-color", "differences", "errexit", "chgexit", "no-title", "precise", "no-wrap"],
				longUncertain: ["exec"],
			}),
			{ shellJoin: true },
		),
	],
	["chroot", prefix(strictGrammar({ longValue: ["userspec", "groups"], longFlag: ["skip-chdir"] }), { operands: 1 })],
	["coproc", prefix(NO_OPTIONS)],
	["busybox", prefix(NO_OPTIONS)],
	[
		"parallel",
		prefix(
			strictGrammar({
				shortValue: "jSnNLdaCE",
				shortFlag: "kqvuXmg0r",
				// `-I X` makes `X` the replacement string: the words no longer say which parts are filled in (ADR 0038).
				shortUncertain: "I",
				longValue: [
					"jobs",
					"joblog",
					"results",
					"timeout",
					"delay",
					"max-args",
					"colsep",
					"arg-file",
					"sshlogin",
					"halt",
				],
				longFlag: [
					"keep-order",
					"quote",
					"verbose",
					"bar",
					"progress",
					"eta",
					"group",
					"ungroup",
					"line-buffer",
					"null",
					"no-notice",
					"tag",
					"tty",
					"dry-run",
					"will-cite",
				],
			}),
			{ shellJoin: true, markers: ["{"], terminators: [":::", "::::", ":::+", "::::+"], composed: true },
		),
	],
	[
		"rust-parallel",
		prefix(
			strictGrammar({
				shortValue: "ijrt",
				shortFlag: "dp",
				shortUncertain: "s",
				longValue: ["input-file", "jobs", "regex", "timeout-seconds", "channel-capacity"],
				longFlag: ["dry-run", "progress-bar"],
				longUncertain: ["shell", "shell-path"],
			}),
			{ markers: ["{"], terminators: [":::", "::::"] },
		),
	],
	["rush", prefix(strictGrammar({ shortValue: "DIjrtTvO", shortFlag: "cdeEkq" }), { shellJoin: true, markers: ["{"] })],
	["find", special("indirection", "find")],
	["fd", special("indirection", "fd")],
	["fdfind", special("indirection", "fd")],
	["xargs", special("indirection", "xargs")],
	["flock", special("indirection", "flock")],
	["eval", special("opaque-payload", "eval")],
	["trap", special("opaque-payload", "trap")],
	["source", special("opaque-payload", "source")],
	[".", special("opaque-payload", "source")],
	["su", special("opaque-payload", "su")],
	// `sg group -c 'cmd'`, `script -c 'cmd' log`, `runuser -c 'cmd'`: a `-c` payload as `su` reads it, else unknown.
	["sg", special("opaque-payload", "su")],
	// `mapfile -C 'cmd'` runs a callback string; `fc` runs an editor command or re-runs history.
	["mapfile", special("opaque-payload", "callback")],
	["readarray", special("opaque-payload", "callback")],
	["fc", special("opaque-payload", "callback")],
	// Editors, debuggers and Tcl run shell commands from their own scripts (`vim -c '!…'`, `ed <<< '!…'`,
	// `gdb -ex 'shell …'`, `tclsh <<< 'exec …'`): nothing they run can be read from the command line (ADR 0019).
	...["vim", "vi", "nvim", "view", "ex", "ed", "red", "gdb", "lldb", "tclsh", "wish", "expect"].map(
		(name): [string, WrapperEntry] => [name, special("opaque-payload", "command-runner")],
	),
	// Options whose value runs: `tar --to-command`, `rg --pre`, `sort --compress-program`, `split --filter`, `man -P`,
	// `gcc -wrapper`, `ssh -o ProxyCommand` (`code-running-option-table.ts`).
	...[...CODE_RUNNING_OPTIONS.keys()].map((name): [string, WrapperEntry] => [name, special("indirection", "options")]),
	["git", special("indirection", "git")],
	// `npx node -e …`, `uv run python -c …`: a runner whose command is a wrapper (`command-runner-table.ts`).
	...[...PACKAGE_RUNNERS.keys()].map((name): [string, WrapperEntry] => [
		name,
		special("indirection", "package-runner"),
	]),
	...["tmux", "byobu", "byobu-tmux"].map((name): [string, WrapperEntry] => [name, special("indirection", "tmux")]),
	...["sqlite3", "duckdb"].map((name): [string, WrapperEntry] => [name, special("indirection", "sqlite")]),
	["start-stop-daemon", special("indirection", "start-stop")],
	["capsh", special("indirection", "capsh")],
	// `psql -c '\! cmd'`, `mysql -e 'system cmd'`: database clients whose command language reaches a shell.
	...[...SQL_CLIENTS.keys()].map((name): [string, WrapperEntry] => [name, special("indirection", "sql-client")]),
	// Programs that run commands from a file, stdin, a directory or an editor script (`command-runner-table.ts`).
	...OPAQUE_RUNNERS.map((name): [string, WrapperEntry] => [name, special("opaque-payload", "command-runner")]),
	...[...LISTING_RUNNERS.keys()].map((name): [string, WrapperEntry] => [name, special("opaque-payload", "listing")]),
	// Programs that run the command in their operands (`ssh-agent cmd`, `entr cmd`, `dbus-launch cmd`).
	["daemonize", prefix(strictGrammar({ shortValue: "acEeloprtu", shortFlag: "v" }))],
	["ssh-agent", prefix(strictGrammar({ shortValue: "aEt", shortFlag: "cdD", shortUncertain: "ks" }))],
	["entr", prefix(strictGrammar({ shortFlag: "acdnprz", shortUncertain: "s" }))],
	[
		"dbus-launch",
		prefix(
			strictGrammar({
				shortValue: "",
				shortFlag: "",
				longValue: ["config-file"],
				longFlag: ["sh-syntax", "csh-syntax", "auto-syntax", "exit-with-session", "exit-with-x11", "binary-syntax"],
				longUncertain: ["autolaunch", "close-stderr", "version", "help"],
			}),
		),
	],
	// ADR 0052: programs that run a command named by a sub-command, an address or an operand of their own
	// (`subcommand-runner-table.ts`): `perf stat cmd`, `socat - EXEC:cmd`, `cmake -E env cmd`, `hyperfine 'cmd'`,
	// `ip netns exec NAME cmd`.
	...(["perf", "socat", "cmake", "hyperfine", "ip"] as const).map((name): [string, WrapperEntry] => [
		name,
		special("indirection", name),
	]),
	// `bwrap [options] command`: bubblewrap runs the command in a namespace that sees the host's files it binds.
	[
		"bwrap",
		prefix(
			strictGrammar({
				options: [
					...["--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try"].map((name) =>
						option([name], "value", 2),
					),
					...["--bind-fd", "--ro-bind-fd", "--file", "--bind-data", "--ro-bind-data", "--symlink", "--chmod"].map(
						(name) => option([name], "value", 2),
					),
					option(["--setenv"], "value", 2),
					...[
						...["--userns", "--userns2", "--pidns", "--uid", "--gid", "--hostname", "--chdir", "--unsetenv"],
						...["--lock-file", "--sync-fd", "--remount-ro", "--exec-label", "--file-label", "--proc", "--dev"],
						...["--tmpfs", "--mqueue", "--dir", "--seccomp", "--add-seccomp-fd", "--block-fd", "--userns-block-fd"],
						...["--info-fd", "--json-status-fd", "--cap-add", "--cap-drop", "--perms", "--size"],
					].map((name) => option([name], "value")),
					...[
						...["--unshare-all", "--share-net", "--unshare-user", "--unshare-user-try", "--unshare-ipc"],
						...["--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup", "--unshare-cgroup-try"],
						...["--disable-userns", "--assert-userns-disabled", "--clearenv", "--new-session"],
						...["--die-with-parent", "--as-pid-1"],
					].map((name) => option([name], "flag")),
					// `--args FD` reads more arguments from a descriptor: the command is not on the line.
					option(["--args", "--help", "--version"], "uncertain"),
				],
			}),
		),
	],
	// An awk program runs commands through `system()`, `| getline` and `print | "cmd"` (ADR 0019).
	...["awk", "gawk", "mawk", "nawk"].map((name): [string, WrapperEntry] => [name, special("opaque-payload", "awk")]),
	// A sed script runs a command with `e cmd` and `s///e`.
	...["sed", "gsed"].map((name): [string, WrapperEntry] => [name, special("indirection", "sed")]),
	["script", special("opaque-payload", "su")],
	["runuser", special("opaque-payload", "su")],
	// Programs that run the command in their arguments (found by red-teaming, ADR 0019). Without a modelled option
	// grammar any option makes the command unknown; either way the wrapper floors an allow to ask.
	...[
		"setpriv",
		"unshare",
		"nsenter",
		"prlimit",
		"strace",
		"ltrace",
		"valgrind",
		"fakeroot",
		"catchsegv",
		"unbuffer",
		"linux32",
		"linux64",
		// setarch(8): "setarch is also available as a symlink named after each architecture" (`x86_64 rm x`).
		...SETARCH_ALIASES,
		"numactl",
		"systemd-run",
		"pkexec",
		"firejail",
		"proot",
		"xvfb-run",
		"dbus-run-session",
		"cgexec",
		"toybox",
		"chpst",
		// ADR 0052: more programs that run the command in their operands, found by looking for siblings.
		...["flatpak-spawn", "schroot", "run0", "rlwrap", "ccache", "distcc", "sccache", "eatmydata", "nocache"],
		...["torsocks", "proxychains", "proxychains4", "tsocks", "trickle", "cpulimit", "heaptrack", "uftrace"],
		...["fakechroot", "systemd-nspawn"],
	].map((name): [string, WrapperEntry] => [name, prefix(NO_OPTIONS)]),
	...["taskset", "setarch", "chrt", "faketime", "runcon", "rr"].map((name): [string, WrapperEntry] => [
		name,
		prefix(NO_OPTIONS, { operands: 1 }),
	]),
	...[...BASH_COMPATIBLE_SHELLS, "fish", "csh", "tcsh"].map((name): [string, WrapperEntry] => [
		name,
		special("opaque-payload", "shell"),
	]),
]);

/** Interpreters that run inline code (`python -c`, `node -e`): their options and which of them take code. */
export interface InterpreterEntry {
	/** The options, by canonical name, that mean "the program text follows" (`-c`, `--eval`, `-Command`). */
	readonly inline: ReadonlySet<string>;
	/** Its options: the inline ones and those whose value is the next word (`-m module`, `-r lib`). */
	readonly grammar: OptionGrammar;
	/** `deno eval`: a subcommand that runs inline code. */
	readonly inlineSubcommand?: string;
}

/**
 * How interpreters read options: up to the script (a cluster's first value letter owns the rest of the word), a
 * single-dash long name may carry `=value` (`-Command=…`), `--` is read as an option and a computed word is unknown.
 */
const INTERPRETER_READING: OptionReading = {
	...STRICT_READING,
	unknown: "flag",
	singleDashEquals: true,
	endOfOptions: false,
	computed: "uncertain",
};

/** SECURITY: node reads `_` as `-` in every option name (`node --experimental_loader=data:…`, N1-node-underscore-loader). */
const NODE_READING: OptionReading = { ...INTERPRETER_READING, underscores: true };

/**
 * An interpreter row: the letters that, inside a short-option cluster, mean "the program text follows", the long
 * spellings that do, and the options whose value is the next word (they end or skip the scan).
 */
function interpreter(
	inlineLetters: string,
	inlineLong: readonly string[],
	valueOptions: readonly string[],
	inlineSubcommand?: string,
	reading: OptionReading = INTERPRETER_READING,
): InterpreterEntry {
	const inline = [...[...inlineLetters].map((letter) => `-${letter}`), ...inlineLong];
	const options = [
		...inline.map((spelling) => option([spelling], "flag")),
		...valueOptions.map((spelling) => option([spelling], "value")),
	];
	const grammar = optionGrammar(reading, { options });
	return inlineSubcommand === undefined
		? { inline: new Set(inline), grammar }
		: { inline: new Set(inline), grammar, inlineSubcommand };
}

const INTERPRETERS: readonly [RegExp, InterpreterEntry][] = [
	// `-i` reads more code from stdin after the script (a REPL).
	[/^(?:python|pypy)[0-9.]*$/, interpreter("ci", [], ["-m", "-W", "-X"])],
	[
		/^(?:node|nodejs)$/,
		// SECURITY: node reads `--experimental_loader` as `--experimental-loader` (N1-node-underscore-loader).
		interpreter(
			"epi",
			["--eval", "--print", "--interactive"],
			["-r", "--require", "--import", "--loader", "--experimental-loader"],
			undefined,
			{ ...INTERPRETER_READING, underscores: true },
		),
	],
	[
		/^bun$/,
		interpreter(
			"epi",
			["--eval", "--print", "--interactive"],
			["-r", "--require", "--import", "--loader", "--experimental-loader"],
			undefined,
			NODE_READING,
		),
	],
	[/^ipython[0-9.]*$/, interpreter("ci", [], ["-m"])],
	[/^perl[0-9.]*$/, interpreter("eE", [], [])],
	[/^ruby[0-9.]*$/, interpreter("e", [], ["-r", "-I"])],
	[/^php[0-9.]*$/, interpreter("r", [], ["-c", "-d"])],
	[/^(?:lua|luajit)[0-9.]*$/, interpreter("e", [], ["-l"])],
	[/^(?:osascript|Rscript|julia)$/, interpreter("e", ["--eval"], [])],
	[/^(?:pwsh|powershell)$/, interpreter("c", ["-Command", "-command", "-EncodedCommand"], [])],
	[/^deno$/, interpreter("", [], [], "eval")],
	[
		/^(?:tsx|ts-node|ts-node-esm|esno|vite-node)$/,
		interpreter("ep", ["--eval", "--print"], ["-r", "--require", "--import"], undefined, NODE_READING),
	],
];

const LOADER_ENTRY = special("indirection", "loader");
const EDITOR_ENTRY = special("opaque-payload", "command-runner");

export function wrapperEntry(commandName: string): WrapperEntry | null {
	const entry = WRAPPERS.get(commandName);
	if (entry !== undefined) return entry;
	// SECURITY: the dynamic loader runs the program in its first operand (`ld-linux-x86-64.so.2 /usr/bin/rm x`, A-ldso).
	if (commandName.startsWith("ld") && DYNAMIC_LOADER.test(commandName)) return LOADER_ENTRY;
	// SECURITY: vim's installed variants are vim (`vim.basic -c '!rm x'`).
	if (commandName.includes(".") && VIM_VARIANT.test(commandName)) return EDITOR_ENTRY;
	return null;
}

/** One cheap pre-test so ordinary command names skip the per-family patterns. */
const ANY_INTERPRETER =
	/^(?:python|pypy|ipython|node|bun|perl|ruby|php|lua|osascript|Rscript|julia|pwsh|powershell|deno|tsx|ts-node|esno|vite-node)/;

export function interpreterEntry(commandName: string): InterpreterEntry | null {
	if (!ANY_INTERPRETER.test(commandName)) return null;
	for (const [pattern, entry] of INTERPRETERS) if (pattern.test(commandName)) return entry;
	return null;
}

/** Paths that make a shell or `source` read its program from standard input. */
export const STDIN_PATHS: ReadonlySet<string> = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"]);
