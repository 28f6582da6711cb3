/**
 * Owns: the data of environment variables that make many programs, or a program outside the shared allowlists, run
 * code or a command (`EDITOR`, `PAGER`, `BASH_FUNC_*`, `PERL5OPT`, `JAVA_TOOL_OPTIONS`, `RSYNC_RSH`, …). The
 * variables of git, npm, node, python3, tar, less, man and the other programs of the shared allowlists are rows of
 * `program-environment/<program>.ts`; the ones that move where programs read configuration or code are rows of
 * `relocating-environment-table.ts` (ADR 0026, ADR 0051).
 * Never: holds logic; `environment-table.ts` finds a variable's row, `environment-effects.ts` reads it.
 *
 * Adding a row: name the variable (a `*` matches any text), pick its effect (`environment-row.ts`), and add a row to
 * `test/bash/runs/code-running-environment-table.test.ts` with a command that sets it and the verdict expected.
 */
import type { EnvironmentRow } from "./environment-row";

/**
 * A JVM option known to load nothing and run nothing: heap and stack sizes, a boolean `-XX:` flag or a numeric
 * `-XX:` setting, assertions, verbosity, and the locale, time-zone and headless properties. Anything else
 * (`-javaagent:`, `-agentlib:`, `-Xrun…`, `-Xbootclasspath/a:`, `-XX:OnError=cmd`, `-XX:Flags=file`, `@argfile`, a
 * `-D` property a library reads a file or class name from) may load code (issue 39: unknown is not harmless).
 */
const JVM_HARMLESS_OPTION =
	"(?:-X(?:ms|mx|ss|mn)\\d+[kKmMgG]?|-XX:[+-]\\w+|-XX:\\w+=\\d+[kKmMgG%]?|-(?:ea|da|esa|dsa|server|client)|-verbose(?::\\w+)?|-Dfile\\.encoding=[\\w.-]+|-Duser\\.(?:timezone|language|country|region)=[\\w/+.-]+|-Djava\\.awt\\.headless=(?:true|false))";
/** Values holding any other JVM option: they may load an agent or run a command (`-javaagent:x.jar`, `-XX:OnError=cmd`). */
const JVM_CODE_OPTIONS = new RegExp(`^(?!\\s*(?:${JVM_HARMLESS_OPTION}(?:\\s+|$))*$)`);

/** A `runs-code` row narrowed to the values matching `codeWhen`. */
function runsCodeWhen(name: string, codeWhen: RegExp, note: string): EnvironmentRow {
	return { name, effect: "runs-code", codeWhen, note };
}

export const CODE_RUNNING_ENVIRONMENT: readonly EnvironmentRow[] = [
	// Programs many tools run.
	{ name: "PAGER", effect: "terminal-only", note: "git, man and others run it on their output to a terminal" },
	{ name: "EDITOR", effect: "runs-value", note: "git, crontab, sensible-editor run it" },
	{ name: "VISUAL", effect: "runs-value", note: "git, crontab, sensible-editor run it" },
	{ name: "BROWSER", effect: "runs-value", note: "man --html, git web--browse run it" },
	{ name: "SSH_ASKPASS", effect: "runs-value", note: "ssh and git run it to ask for a password" },
	{
		name: "SHELL",
		effect: "configures",
		note: "programs that open a shell for the person (less `!`, script, npm explore) run it",
	},
	// ADR 0038: GNU parallel runs its composed command with this shell, and reads options (`--rpl`, perl) from these.
	{ name: "PARALLEL_SHELL", effect: "runs-value", note: "GNU parallel runs every job with this shell" },
	{ name: "PARALLEL", effect: "runs-code", note: "GNU parallel reads options (perl replacement strings) from it" },
	{ name: "PARALLEL_HOME", effect: "relocates", note: "GNU parallel reads its config and profiles from here" },
	runsCodeWhen("JAVA_TOOL_OPTIONS", JVM_CODE_OPTIONS, "every JVM loads the agents it names"),
	runsCodeWhen("_JAVA_OPTIONS", JVM_CODE_OPTIONS, "every JVM loads the agents it names"),
	runsCodeWhen("JDK_JAVA_OPTIONS", JVM_CODE_OPTIONS, "the java launcher loads the agents it names"),
	runsCodeWhen("MAVEN_OPTS", JVM_CODE_OPTIONS, "maven's JVM loads the agents it names"),
	runsCodeWhen("GRADLE_OPTS", JVM_CODE_OPTIONS, "gradle's JVM loads the agents it names"),
	{ name: "RSYNC_RSH", effect: "runs-value", note: "rsync runs it as its remote shell (`-e`)" },
	{ name: "RSYNC_CONNECT_PROG", effect: "runs-value", note: "rsync runs it to reach a daemon" },
	{ name: "CVS_RSH", effect: "runs-value", note: "cvs runs it as its remote shell" },
	{ name: "SVN_SSH", effect: "runs-value", note: "svn runs it for svn+ssh:// URLs" },
	{ name: "BASH_FUNC_*", effect: "runs-code", note: "a child bash imports this function (`BASH_FUNC_ls%%=() { … }`)" },
	{ name: "PERL5OPT", effect: "runs-code", note: "perl runs the options in it (`-M`, `-e`)" },
	{ name: "PERL5DB", effect: "runs-code", note: "perl -d runs it" },
	{ name: "RUBYOPT", effect: "runs-code", note: "ruby loads the libraries it names" },
	// The text check in `bash-program.ts` asks for `BASH_ENV=` as written; this row also reads a name an ANSI-C
	// string spells (`env $'BASH\x5fENV=./s' bash x.sh`).
	{ name: "BASH_ENV", effect: "runs-code", note: "a non-interactive bash sources this file before its script" },
	{ name: "ENV", effect: "runs-code", note: "an interactive sh (and bash in POSIX mode) sources this file" },
	{ name: "SHELLOPTS", effect: "runs-code", note: "a child bash turns on these options (xtrace with PS4 runs code)" },
	{ name: "BASHOPTS", effect: "runs-code", note: "a child bash turns on these options" },
	{ name: "PROMPT_COMMAND", effect: "runs-value", note: "an interactive bash runs it before each prompt" },
	runsCodeWhen("PS4", /[$`]/, "bash expands it, running its substitutions, under xtrace"),
];
