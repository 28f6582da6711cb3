/**
 * Owns: the data of environment variables that make a program run code or write a file named by their value
 * (`GIT_EXTERNAL_DIFF`, `GIT_CONFIG_KEY_0`, `NODE_OPTIONS`, `LD_PRELOAD`, `GIT_TRACE`, …).
 * Never: holds logic (`runsCodeWhen` only builds rows); `environment-effects.ts` reads these rows (ADR 0026).
 *
 * Adding a row: name the variable (a trailing `*` matches any suffix, `GIT_CONFIG_KEY_*`), pick its effect, and add
 * a row to `test/bash/code-running-environment-table.test.ts` with a command that sets it and the verdict expected.
 * - `runs-value`: the value is a shell command the program runs (`GIT_EXTERNAL_DIFF='rm x;:' git diff`): the value
 *   is parsed as bash and its units are judged, the setting unit is an indirection.
 * - `runs-code`: the program runs code the command line does not show (`LD_PRELOAD=x.so ls`): the unit is opaque.
 *   `codeWhen` narrows it to values that hold code (`NODE_OPTIONS=--max-old-space-size=4096` runs none).
 * - `git-config-key`: the value names a git config key; opaque when `code-running-git-config-table.ts` lists it.
 * - `writes-value`: the program writes the file its value names (`GIT_TRACE=/x`); no write slice exists yet, so it
 *   is opaque unless `harmless` matches (`GIT_TRACE=1` writes to stderr).
 * - `terminal-only`: a pager, which git and man start only when their output is a terminal; Pi's bash tool has none,
 *   so it runs nothing (`PAGER=cat git log` is judged as `git log`; red-team D-pager-env).
 * An empty value runs nothing for every row (`LD_PRELOAD= cmd`).
 */

type EnvironmentEffect = "runs-value" | "runs-code" | "git-config-key" | "writes-value" | "terminal-only";

interface EnvironmentRow {
	readonly name: string;
	readonly effect: EnvironmentEffect;
	/** For `runs-code`: only values matching this hold code. */
	readonly codeWhen?: RegExp;
	/** For `writes-value`: values that name no file. */
	readonly harmless?: RegExp;
	/** Why a person would be asked, in a few words. */
	readonly note: string;
}

/** Node options that load or run code (`--import=data:…`, `-r x`). */
const NODE_CODE_OPTIONS =
	/(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader|--env-file|--eval|-e|--print|-p)\b/;

/** tar options that run a command (`--to-command=cmd`, `-I prog`, `-F script`). */
const TAR_CODE_OPTIONS =
	/--to-command|--checkpoint-action|--use-compress-program|--info-script|--new-volume-script|-[A-Za-z]*[IF]/;

/** man options that run a pager or a browser (`-P cmd`, `--html=browser`). */
const MAN_CODE_OPTIONS = /(?:^|\s)(?:-[A-Za-z]*[PH]|--pager|--html)/;

/** JVM options that load an agent or run a command (`-javaagent:x.jar`, `-XX:OnError=cmd`). */
const JVM_CODE_OPTIONS = /-javaagent|-agentpath|-agentlib|OnError|OnOutOfMemoryError/;

/** A `runs-code` row narrowed to the values matching `codeWhen`. */
function runsCodeWhen(name: string, codeWhen: RegExp, note: string): EnvironmentRow {
	return { name, effect: "runs-code", codeWhen, note };
}

/** `GIT_TRACE=1`, `=2`, `=true`: the trace goes to a descriptor, not a file. */
const TRACE_TO_DESCRIPTOR = /^(?:[0-9]|true|false|yes|no|on|off)$/i;

export const CODE_RUNNING_ENVIRONMENT: readonly EnvironmentRow[] = [
	// git: programs it runs through a shell.
	{ name: "GIT_EXTERNAL_DIFF", effect: "runs-value", note: "git diff runs it for every changed file" },
	{ name: "GIT_EDITOR", effect: "runs-value", note: "git commit, rebase and tag run it" },
	{ name: "GIT_SEQUENCE_EDITOR", effect: "runs-value", note: "git rebase -i runs it" },
	{ name: "GIT_PAGER", effect: "terminal-only", note: "git runs it on its output to a terminal" },
	{ name: "GIT_SSH_COMMAND", effect: "runs-value", note: "git fetch, push and clone run it" },
	{ name: "GIT_SSH", effect: "runs-value", note: "git runs this program for ssh remotes" },
	{ name: "GIT_ASKPASS", effect: "runs-value", note: "git runs it to ask for a password" },
	{ name: "SSH_ASKPASS", effect: "runs-value", note: "ssh and git run it to ask for a password" },
	{ name: "GIT_PROXY_COMMAND", effect: "runs-value", note: "git runs it for git:// remotes" },
	{ name: "PAGER", effect: "terminal-only", note: "git, man and others run it on their output to a terminal" },
	{ name: "MANPAGER", effect: "terminal-only", note: "man runs it on its output to a terminal" },
	{ name: "EDITOR", effect: "runs-value", note: "git, crontab, sensible-editor run it" },
	{ name: "VISUAL", effect: "runs-value", note: "git, crontab, sensible-editor run it" },
	{ name: "BROWSER", effect: "runs-value", note: "man --html, git web--browse run it" },
	// git: configuration and programs it loads from elsewhere.
	{ name: "GIT_CONFIG_KEY_*", effect: "git-config-key", note: "sets a git config key that runs a command" },
	{ name: "GIT_CONFIG_PARAMETERS", effect: "runs-code", note: "git config from the environment" },
	{ name: "GIT_CONFIG_GLOBAL", effect: "runs-code", note: "git reads its config from this file" },
	{ name: "GIT_CONFIG_SYSTEM", effect: "runs-code", note: "git reads its config from this file" },
	{ name: "GIT_CONFIG", effect: "runs-code", note: "git reads its config from this file" },
	{ name: "GIT_EXEC_PATH", effect: "runs-code", note: "git runs its sub-commands from this directory" },
	{ name: "GIT_TEMPLATE_DIR", effect: "runs-code", note: "git init copies hooks from this directory" },
	{
		name: "GIT_TRACE*",
		effect: "writes-value",
		harmless: TRACE_TO_DESCRIPTOR,
		note: "git writes a trace to this file",
	},
	// Other programs' code from the environment.
	{ name: "LESSOPEN", effect: "runs-code", note: "less runs it as an input filter" },
	{ name: "LESSCLOSE", effect: "runs-code", note: "less runs it after a file" },
	runsCodeWhen("TAR_OPTIONS", TAR_CODE_OPTIONS, "tar reads options that run commands from it"),
	runsCodeWhen("NODE_OPTIONS", NODE_CODE_OPTIONS, "node loads a module from it before the script"),
	runsCodeWhen("npm_config_node_options", NODE_CODE_OPTIONS, "npm passes it to node"),
	{ name: "npm_config_script_shell", effect: "runs-value", note: "npm runs package scripts with this shell" },
	{ name: "NPM_CONFIG_SCRIPT_SHELL", effect: "runs-value", note: "npm runs package scripts with this shell" },
	// ADR 0038: GNU parallel runs its composed command with this shell, and reads options (`--rpl`, perl) from these.
	{ name: "PARALLEL_SHELL", effect: "runs-value", note: "GNU parallel runs every job with this shell" },
	{ name: "PARALLEL", effect: "runs-code", note: "GNU parallel reads options (perl replacement strings) from it" },
	{ name: "PARALLEL_HOME", effect: "runs-code", note: "GNU parallel reads its config and profiles from here" },
	{ name: "npm_config_userconfig", effect: "runs-code", note: "npm reads its config (script-shell …) from it" },
	runsCodeWhen("JAVA_TOOL_OPTIONS", JVM_CODE_OPTIONS, "every JVM loads the agents it names"),
	runsCodeWhen("_JAVA_OPTIONS", JVM_CODE_OPTIONS, "every JVM loads the agents it names"),
	runsCodeWhen("JDK_JAVA_OPTIONS", JVM_CODE_OPTIONS, "the java launcher loads the agents it names"),
	{ name: "RSYNC_RSH", effect: "runs-value", note: "rsync runs it as its remote shell (`-e`)" },
	{ name: "RSYNC_CONNECT_PROG", effect: "runs-value", note: "rsync runs it to reach a daemon" },
	{ name: "CVS_RSH", effect: "runs-value", note: "cvs runs it as its remote shell" },
	{ name: "SVN_SSH", effect: "runs-value", note: "svn runs it for svn+ssh:// URLs" },
	runsCodeWhen("MANOPT", MAN_CODE_OPTIONS, "man reads options (`-P pager`, `-H browser`) from it"),
	{ name: "XDG_CONFIG_HOME", effect: "runs-code", note: "git and others read config that runs commands from here" },
	{ name: "BASH_FUNC_*", effect: "runs-code", note: "a child bash imports this function (`BASH_FUNC_ls%%=() { … }`)" },
	{ name: "GCONV_PATH", effect: "runs-code", note: "glibc loads character-set modules from here" },
	{ name: "DYLD_INSERT_LIBRARIES", effect: "runs-code", note: "every macOS program loads these libraries" },
	{ name: "DYLD_LIBRARY_PATH", effect: "runs-code", note: "every macOS program loads its libraries from here" },
	{ name: "PYTHONSTARTUP", effect: "runs-code", note: "interactive python runs this file first" },
	{ name: "PYTHONINSPECT", effect: "runs-code", note: "python reads more code from stdin after the script" },
	{ name: "PERL5OPT", effect: "runs-code", note: "perl runs the options in it (`-M`, `-e`)" },
	{ name: "PERL5DB", effect: "runs-code", note: "perl -d runs it" },
	{ name: "RUBYOPT", effect: "runs-code", note: "ruby loads the libraries it names" },
	{ name: "LD_PRELOAD", effect: "runs-code", note: "every program loads this library first" },
	{ name: "LD_AUDIT", effect: "runs-code", note: "every program loads this library first" },
	{ name: "LD_LIBRARY_PATH", effect: "runs-code", note: "every program loads its libraries from here" },
	// The text check in `bash-program.ts` asks for `BASH_ENV=` as written; this row also reads a name an ANSI-C
	// string spells (`env $'BASH\x5fENV=./s' bash x.sh`).
	{ name: "BASH_ENV", effect: "runs-code", note: "a non-interactive bash sources this file before its script" },
	{ name: "SHELLOPTS", effect: "runs-code", note: "a child bash turns on these options (xtrace with PS4 runs code)" },
	{ name: "BASHOPTS", effect: "runs-code", note: "a child bash turns on these options" },
	{ name: "PROMPT_COMMAND", effect: "runs-value", note: "an interactive bash runs it before each prompt" },
	runsCodeWhen("PS4", /[$`]/, "bash expands it, running its substitutions, under xtrace"),
];

const EXACT = new Map<string, EnvironmentRow>();
const PREFIXED: EnvironmentRow[] = [];
for (const row of CODE_RUNNING_ENVIRONMENT) {
	if (row.name.endsWith("*")) PREFIXED.push(row);
	else EXACT.set(row.name, row);
}

/** The row for an environment variable name, or `null` when setting it runs nothing. */
export function environmentRow(name: string): EnvironmentRow | null {
	const exact = EXACT.get(name);
	if (exact !== undefined) return exact;
	for (const row of PREFIXED) if (name.startsWith(row.name.slice(0, -1))) return row;
	return null;
}
