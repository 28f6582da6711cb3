/**
 * Owns: the data of programs whose job is to run commands: tmux sub-commands that take a shell command, sqlite3
 * dot-commands that run one, the dynamic loader, start-stop-daemon's program options, and runners whose payload
 * cannot be read at all (`run-parts`, `at`, `crontab`, `screen`).
 * Never: holds logic; `command-runner-analysis.ts` reads these rows and `wrapper-table.ts` names the programs.
 *
 * Adding a row: put the program or sub-command in the list that says how its payload is found, and add a row to
 * `test/bash/command-runner-table.test.ts` with a command it runs and the verdict expected (a `rm *` deny must
 * deny a payload that is `rm`; an unreadable payload asks). A program missing from every list runs nothing.
 */

import {
	GNU_READING,
	type OptionGrammar,
	type OptionReading,
	option,
	optionGrammar,
	POSIX_READING,
} from "../options/option-grammar";

/** A tmux sub-command's options (POSIX getopt, short options only): the letters that take a value. */
const tmux = (valueLetters: string): OptionGrammar => optionGrammar(POSIX_READING, { shortValue: valueLetters });

/** tmux sub-commands (and aliases) whose last operands are a shell command, with their options. */
export const TMUX_SHELL_COMMANDS: ReadonlyMap<string, OptionGrammar> = new Map([
	["new-session", tmux("cefFnstxyX")],
	["new", tmux("cefFnstxyX")],
	["new-window", tmux("cefFnt")],
	["neww", tmux("cefFnt")],
	["split-window", tmux("cefFlpt")],
	["splitw", tmux("cefFlpt")],
	["respawn-pane", tmux("cet")],
	["respawnp", tmux("cet")],
	["respawn-window", tmux("cet")],
	["respawnw", tmux("cet")],
	["run-shell", tmux("cdt")],
	["run", tmux("cdt")],
	["display-popup", tmux("bBcdehHsStTwxy")],
	["popup", tmux("bBcdehHsStTwxy")],
	["pipe-pane", tmux("t")],
	["pipep", tmux("t")],
]);

/** tmux sub-commands that read or change tmux state only. Any other sub-command (send-keys, if-shell, bind-key,
 * source-file, set-hook, command-prompt …) may run commands we cannot see. */
export const TMUX_HARMLESS_COMMANDS: ReadonlySet<string> = new Set([
	"ls",
	"list-sessions",
	"list-windows",
	"lsw",
	"list-panes",
	"lsp",
	"list-clients",
	"lsc",
	"list-buffers",
	"lsb",
	"list-keys",
	"lsk",
	"list-commands",
	"lscm",
	"has-session",
	"has",
	"kill-session",
	"kill-server",
	"kill-window",
	"killw",
	"kill-pane",
	"killp",
	"attach-session",
	"attach",
	"a",
	"detach-client",
	"detach",
	"capture-pane",
	"set-environment",
	"setenv",
	"show-environment",
	"showenv",
	"move-window",
	"movew",
	"swap-window",
	"swapw",
	"swap-pane",
	"swapp",
	"select-layout",
	"selectl",
	"capturep",
	"show-options",
	"show",
	"show-buffer",
	"showb",
	"select-window",
	"selectw",
	"select-pane",
	"selectp",
	"rename-session",
	"rename",
	"rename-window",
	"renamew",
	"resize-pane",
	"resizep",
	"wait-for",
	"wait",
	"start-server",
	"start",
	"-V",
]);

/** sqlite3 dot-commands that run their argument as a shell command (`.shell`, `.system`; prefixes accepted). */
export const SQLITE_SHELL_DOT_COMMANDS: readonly string[] = ["shell", "system"];
/** sqlite3 dot-commands that run a command when their file argument starts with `|` (`.once |cmd`). */
export const SQLITE_PIPE_DOT_COMMANDS: readonly string[] = ["once", "output", "import", "read", "excel", "log"];
/**
 * sqlite3 dot-commands and SQL functions that load or edit code, or read or write files the SQL names (sqlite3 shell
 * docs: `readfile()`, `writefile()`, `lsdir()`, `.read`, `.import`, `.archive`, `.open`, `.restore`; red-team round 4
 * `select readfile('.env')`): opaque.
 */
export const SQLITE_OPAQUE: RegExp =
	/^\s*\.(?:load|edit|ar|archive|open|restore|clone|backup|save)\b|^\s*\.(?:read|import)\s+(?!['"]?\|)|\b(?:load_extension|edit|readfile|writefile|lsdir|zipfile|sqlar_uncompress|sqlar_compress)\s*\(/i;
/** sqlite3 options that take a value (`-cmd` takes a command, checked as an argument is). */
export const SQLITE_VALUE_OPTIONS: ReadonlySet<string> = new Set([
	"-cmd",
	"-init",
	"-separator",
	"-nullvalue",
	"-newline",
	"-vfs",
	"-maxsize",
	"-mmap",
	"-pagecache",
	"-lookaside",
	"-heap",
]);

/** The dynamic loader (`ld.so`, `ld-linux-x86-64.so.2`, `ld-musl-x86_64.so.1`): its first operand is the program. */
export const DYNAMIC_LOADER = /^ld(?:-linux[-\w]*|64|-musl-[\w]+)?\.so(?:\.\d+)*$/;
/** Loader options that take a value; `--preload` and `--audit` load code unless empty. */
export const LOADER_VALUE_OPTIONS: ReadonlySet<string> = new Set([
	"--library-path",
	"--inhibit-rpath",
	"--argv0",
	"--glibc-hwcaps-prefix",
	"--glibc-hwcaps-mask",
	"--preload",
	"--audit",
]);
export const LOADER_CODE_OPTIONS: ReadonlySet<string> = new Set(["--preload", "--audit"]);
/**
 * How the loader reads its options: long ones only, up to the program (a word with one dash is the program), and a
 * computed word where an option may stand is unknown.
 */
export const LOADER_GRAMMAR: OptionGrammar = optionGrammar(
	{ ...POSIX_READING, longOptions: true, singleDash: "operand", computed: "uncertain" },
	{ options: [...LOADER_VALUE_OPTIONS].map((name) => option([name], "value")) },
);

/** start-stop-daemon: the options naming the program it starts; `--` ends its own options. */
export const START_STOP_PROGRAM_OPTIONS: ReadonlySet<string> = new Set(["-x", "--exec", "-a", "--startas"]);
export const START_STOP_VALUE_OPTIONS: ReadonlySet<string> = new Set([
	"-p",
	"--pidfile",
	"-u",
	"--user",
	"-n",
	"--name",
	"-c",
	"--chuid",
	"-r",
	"--chroot",
	"-d",
	"--chdir",
	"-N",
	"--nicelevel",
	"-P",
	"--procsched",
	"-I",
	"--iosched",
	"-k",
	"--umask",
	"-R",
	"--retry",
	"-s",
	"--signal",
	"-g",
	"--group",
	"-O",
	"--output",
	"--notify-timeout",
]);
/**
 * How start-stop-daemon's options are read: whole words anywhere before `--` (`-x prog`, `--exec prog`, `-x=prog`,
 * `--exec=prog`; `-xprog` is not `-x`), and a computed word is unknown.
 */
export const START_STOP_GRAMMAR: OptionGrammar = optionGrammar(
	{ ...GNU_READING, abbreviations: "none", singleDash: "word", singleDashEquals: true, computed: "uncertain" },
	{
		shortFlag: "S",
		longFlag: ["start"],
		options: [...START_STOP_PROGRAM_OPTIONS, ...START_STOP_VALUE_OPTIONS].map((name) => option([name], "value")),
	},
);

/** Programs that run commands from a file, stdin, a directory or a screen session: nothing they run is readable. */
export const OPAQUE_RUNNERS: readonly string[] = [
	"run-parts",
	"at",
	"batch",
	"tmuxinator",
	"emacs",
	"emacsclient",
	"editor",
	"sensible-editor",
	"select-editor",
	"vimdiff",
	"gvim",
	"gvimdiff",
	"rvim",
	"rview",
	"evim",
	"vimx",
	"nvi",
	"elvis",
	"kak",
	"zellij",
	"dtach",
	"abduco",
	// ADR 0052: bpftrace runs its probe programs' `system()` and `-c 'cmd'` as root.
	"bpftrace",
];

/** Runners whose listed options only read (`crontab -l`, `screen -ls`): any other use runs commands we cannot see. */
export const LISTING_RUNNERS: ReadonlyMap<string, readonly string[]> = new Map([
	["crontab", ["-l"]],
	["screen", ["-ls", "-list", "-wipe", "-v", "--version", "-h", "--help"]],
]);

/** Vim's installed variants (`vim.basic`, `vim.tiny`, `vim.gtk3`, `nvim.appimage`). */
export const VIM_VARIANT = /^n?vim(?:diff)?\.[\w-]+$/;

/** Paths of the running shell itself: `/proc/self/exe -c 'cmd'` is bash. */
export const SELF_EXE = /^\/proc\/(?:self|\d+|\$\$|\$\{?BASHPID\}?)\/exe$/;

/** A package or environment runner: the verb before the command (`uv run`), or none (`npx`), and its options. */
interface PackageRunner {
	readonly verbs: readonly string[] | null;
	/** Operands between the verb and the command (`direnv exec DIR cmd`). */
	readonly operands: number;
	/** Its options before the command: the listed ones take a value, any other word with a dash is a flag. */
	readonly grammar: OptionGrammar;
}

/**
 * How runners read their own options: whole words (`-p x`, `--package x`, `--package=x`; never a cluster), up to the
 * command or `--`; a lone `-` is a flag.
 */
const RUNNER_READING: OptionReading = { ...POSIX_READING, longOptions: true, singleDash: "word", loneDash: "option" };

const UVX_FROM = "--from";

const runner = (
	verbs: readonly string[] | null,
	valueOptions: readonly string[] = [],
	operands = 0,
): PackageRunner => ({
	verbs,
	operands,
	grammar: optionGrammar(RUNNER_READING, { options: valueOptions.map((name) => option([name], "value")) }),
});

/**
 * Runners that run the command in their operands inside a project environment. They are judged by their own rules
 * (`npx tsc`, `uv run pytest` stay as they are); only when the command they run is itself a wrapper (`npx node -e`,
 * `uv run python -c`, `poetry run bash -c 'rm x'`) is that command judged too.
 */
export const PACKAGE_RUNNERS: ReadonlyMap<string, PackageRunner> = new Map([
	["npx", runner(null, ["-p", "--package"])],
	["pnpx", runner(null, ["-p", "--package"])],
	["bunx", runner(null, ["-p", "--package"])],
	// INVARIANT: `--from` is a constant: the repo's dependency test reads an `export` followed by `from` and a quote
	// as a re-export.
	["uvx", runner(null, ["--with", "--python", "-p", UVX_FROM])],
	["npm", runner(["exec", "x"], ["-p", "--package", "-w", "--workspace"])],
	["pnpm", runner(["exec", "dlx"], ["--filter", "-F", "-C", "--dir"])],
	["yarn", runner(["exec", "dlx"], ["-p", "--package"])],
	[
		"uv",
		runner(
			["run"],
			["--with", "--python", "-p", "--package", "--directory", "--project", "--env-file", "--extra", "--group"],
		),
	],
	["poetry", runner(["run"], ["-C", "--directory", "-P", "--project"])],
	["pipenv", runner(["run"])],
	["pdm", runner(["run"], ["-p", "--project"])],
	["hatch", runner(["run"], ["-e", "--env"])],
	["rye", runner(["run"])],
	["pipx", runner(["run"], ["--spec", "--python"])],
	["conda", runner(["run"], ["-n", "--name", "-p", "--prefix"])],
	["mamba", runner(["run"], ["-n", "--name", "-p", "--prefix"])],
	["micromamba", runner(["run"], ["-n", "--name", "-p", "--prefix"])],
	["bundle", runner(["exec"])],
	["mise", runner(["exec", "x"])],
	["direnv", runner(["exec"], [], 1)],
]);

/** Database clients whose command language escapes to a shell, per client. */
export interface SqlClient {
	/** Options whose value is a command or script text (`psql -c`, `mysql -e`). */
	readonly commandOptions: readonly string[];
	/** Options that read commands from a file: opaque. */
	readonly fileOptions: readonly string[];
	/** Options whose value is a file name that may be `|command` (`psql -o '|cmd'`). */
	readonly outputOptions: readonly string[];
	/** Options that end the run without reading commands (`-l`, `--version`). */
	readonly inert: readonly string[];
	/** Command text that runs a shell command, an editor or another file. */
	readonly escapes: RegExp;
	/** The command, file and output options as a grammar. */
	readonly grammar: OptionGrammar;
}

/**
 * How the clients' options are read wherever they stand: `-cVALUE` or `-c VALUE` (one letter, never a cluster),
 * `--command=VALUE` or `--command VALUE`; `--` ends nothing, and a computed word is unknown.
 */
const SQL_CLIENT_READING: OptionReading = {
	...GNU_READING,
	abbreviations: "none",
	singleDash: "letter",
	endOfOptions: false,
	computed: "uncertain",
};

function sqlClient(client: Omit<SqlClient, "grammar">): SqlClient {
	const valueOptions = [...client.commandOptions, ...client.fileOptions, ...client.outputOptions];
	const options = valueOptions.map((name) => option([name], "value"));
	return { ...client, grammar: optionGrammar(SQL_CLIENT_READING, { options }) };
}

export const SQL_CLIENTS: ReadonlyMap<string, SqlClient> = new Map([
	[
		"psql",
		sqlClient({
			commandOptions: ["-c", "--command"],
			fileOptions: ["-f", "--file"],
			outputOptions: ["-o", "--output", "-L", "--log-file"],
			inert: ["-l", "--list", "-V", "--version", "--help", "-?"],
			escapes: /\\!|\\(?:o|out|g|w|write)\s*\||\bprogram\b|\\(?:i|ir|include|include_relative|e|edit|ef|ev)\b/i,
		}),
	],
	[
		"mysql",
		sqlClient({
			commandOptions: ["-e", "--execute"],
			fileOptions: [],
			outputOptions: [],
			inert: ["-V", "--version", "--help", "-?"],
			escapes: /\\!|\bsystem\b|\bsource\b|\\\.|\bpager\b|\bedit\b|\\e\b/i,
		}),
	],
]);
