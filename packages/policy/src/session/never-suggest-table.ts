/**
 * Owns: the data of which command families never get a "for this session" suggestion, and which flags of shells and
 * interpreters carry inline code. Data only; names are lower-case basenames.
 * Never: holds logic; `bash-session-pattern.ts` applies it.
 */

/** Commands that run another command given as arguments: a grant would reach whatever they run. */
export const WRAPPER_COMMANDS: ReadonlySet<string> = new Set([
	"sudo",
	"doas",
	"su",
	"pkexec",
	"runuser",
	"env",
	"xargs",
	"exec",
	"command",
	"builtin",
	"nohup",
	"nice",
	"ionice",
	"timeout",
	"gtimeout",
	"time",
	"stdbuf",
	"setsid",
	"watch",
	"flock",
	"parallel",
	"eval",
	"source",
	".",
	"chroot",
	"unshare",
	"nsenter",
	"systemd-run",
	"taskset",
	"chrt",
	"strace",
	"ltrace",
	"script",
	"caffeinate",
	"chronic",
	"unbuffer",
	"expect",
	"firejail",
	"bwrap",
	"sandbox-exec",
	"fakeroot",
	"proot",
	"torsocks",
	"proxychains",
	"proxychains4",
	"busybox",
	"entr",
	"watchexec",
	"nodemon",
	"concurrently",
	"npm-run-all",
	"hyperfine",
	"xvfb-run",
	"dbus-launch",
	"ssh",
	"rsh",
	"pwsh",
	"powershell",
	"cmd",
]);

/** Shell keywords: a unit that starts with one is a control structure, never one command family. */
export const SHELL_KEYWORDS: ReadonlySet<string> = new Set([
	"if",
	"then",
	"else",
	"elif",
	"fi",
	"for",
	"while",
	"until",
	"do",
	"done",
	"case",
	"esac",
	"select",
	"function",
	"coproc",
	"in",
]);

/** Builtins that change how later commands of the same shell resolve (`export PATH=…`, `alias ls=…`, `trap`). */
export const SHELL_STATE_BUILTINS: ReadonlySet<string> = new Set([
	"export",
	"declare",
	"typeset",
	"readonly",
	"local",
	"set",
	"unset",
	"alias",
	"unalias",
	"shopt",
	"enable",
	"hash",
	"trap",
	"fc",
]);

/** Commands whose first operand is always a program text (`awk '{system("…")}'`). */
export const INLINE_PROGRAM_COMMANDS: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk"]);

/** How a shell or interpreter receives inline code. */
export interface InlineCodeSpelling {
	/** Single-letter flags that carry code; they count inside a cluster too (`-lc`, `-pe`). Case-sensitive. */
	readonly letters: string;
	/** Long flags that carry code, alone or as `--flag=…`. */
	readonly long: readonly string[];
	/** Subcommands that take code (`deno eval`). */
	readonly subcommands: readonly string[];
	/** True when, without a non-flag operand, it reads its program from standard input. */
	readonly readsStdinWithoutOperand: boolean;
}

const spelling = (
	letters: string,
	long: readonly string[] = [],
	readsStdinWithoutOperand = true,
	subcommands: readonly string[] = [],
): InlineCodeSpelling => ({ letters, long, subcommands, readsStdinWithoutOperand });

const SHELL = spelling("cs");
const PYTHON = spelling("c");
const NODE_LIKE = spelling("ep", ["--eval", "--print"]);

/** Shells and interpreters: a flag from here anywhere in the unit, or no operand, means no suggestion. */
export const INLINE_CODE_SPELLINGS: ReadonlyMap<string, InlineCodeSpelling> = new Map([
	["bash", SHELL],
	["sh", SHELL],
	["zsh", SHELL],
	["dash", SHELL],
	["ksh", SHELL],
	["mksh", SHELL],
	["ash", SHELL],
	["yash", SHELL],
	["rbash", SHELL],
	["csh", SHELL],
	["tcsh", SHELL],
	["fish", spelling("cs", ["--command", "--init-command"])],
	["python", PYTHON],
	["python2", PYTHON],
	["python3", PYTHON],
	["pypy", PYTHON],
	["pypy3", PYTHON],
	["node", NODE_LIKE],
	["nodejs", NODE_LIKE],
	["tsx", NODE_LIKE],
	["ts-node", NODE_LIKE],
	["bun", spelling("ep", ["--eval", "--print"], false)],
	["deno", spelling("", ["--eval"], true, ["eval", "repl"])],
	["perl", spelling("eE")],
	["ruby", spelling("e")],
	["jruby", spelling("e")],
	["php", spelling("rRBE")],
	["lua", spelling("e")],
	["luajit", spelling("e")],
	["rscript", spelling("e")],
	["r", spelling("e")],
	["julia", spelling("eE", ["--eval", "--print"])],
	["groovy", spelling("e")],
	["elixir", spelling("e", ["--eval"])],
	["osascript", spelling("e")],
	["npx", spelling("c", ["--call"], false)],
	["npm", spelling("c", ["--call"], false)],
	["pnpm", spelling("c", ["--shell-mode"], false)],
]);
