/**
 * Owns: `ShellEnvironment`, the environment a command's `bash -c` starts with (ADR 0039): unknown, or known as a map
 * of variable to value, with the tables of what bash computes itself, what makes an environment unknowable and the
 * functions it exports (`BASH_FUNC_<name>%%`), and the value an unassigned variable takes from it.
 * Never: reads `process.env` (the adapter does), or decides whether the command's own text rebinds a name (the
 * caller asks `CommandEnvironment`).
 */
import type { VariableValues } from "./bash-word-values";

/**
 * `unknown`: nothing is assumed of the variables the command does not assign (every such word is computed). `known`:
 * a variable maps to its value, or to `null` when it is set to a value the caller cannot know (the `PATH` Pi prefixes
 * with its bin directory, the `PI_*` session variables); a name absent from the map is unset.
 */
export type ShellEnvironment =
	| { readonly kind: "unknown" }
	| {
			readonly kind: "known";
			readonly variables: ReadonlyMap<string, string | null>;
			/** Names the environment defines as functions (`BASH_FUNC_<name>%%`): their bodies are not judged. */
			readonly functions: ReadonlySet<string>;
	  };

export const UNKNOWN_SHELL_ENVIRONMENT: ShellEnvironment = Object.freeze({ kind: "unknown" });

/**
 * Variables whose presence in the environment changes what bash does before or while reading the command, so no
 * word can be read from the map. How to add a row: a variable bash (or a shell it starts) reads to run code, change
 * shell options or move `cd`; each row has a test that it makes the environment unknown.
 */
export const UNKNOWABLE_ENVIRONMENT: readonly { readonly name: string; readonly why: string }[] = [
	{ name: "BASH_ENV", why: "a non-interactive bash sources it before the command" },
	{ name: "ENV", why: "`sh -i` and a POSIX-mode bash source it" },
	{ name: "SHELLOPTS", why: "bash turns on the options it lists (`noglob`, `xtrace`, …) at start-up" },
	{ name: "BASHOPTS", why: "bash turns on the `shopt` options it lists (`dotglob`, `extglob`, …) at start-up" },
	{ name: "POSIXLY_CORRECT", why: "bash starts in POSIX mode" },
	{ name: "GLOBIGNORE", why: "it changes what every glob matches" },
	{ name: "CDPATH", why: "`cd name` moves to a directory under it, which the directory tracking does not model" },
];

/**
 * Variables bash sets itself in a fresh `bash -c`, whatever the environment holds (or that no map can hold soundly):
 * never read from the map. How to add a row: a name `env -i bash -c set` lists, or one bash changes while running;
 * each row has a test that keeps `cat $NAME` unresolved under a known environment.
 */
export const SHELL_COMPUTED_VARIABLES: readonly string[] = [
	"_",
	"BASH",
	"BASHOPTS",
	"BASHPID",
	"COPROC",
	"DIRSTACK",
	"EPOCHREALTIME",
	"EPOCHSECONDS",
	"EUID",
	"FUNCNAME",
	"GROUPS",
	"HISTCMD",
	"HOSTTYPE",
	"IFS",
	"LINENO",
	"MACHTYPE",
	"MAPFILE",
	"OLDPWD",
	"OPTARG",
	"OPTERR",
	"OPTIND",
	"OSTYPE",
	"PIPESTATUS",
	"PPID",
	"PS4",
	"PWD",
	"RANDOM",
	"REPLY",
	"SECONDS",
	"SHELLOPTS",
	"SHLVL",
	"SRANDOM",
	"UID",
];

/** Families bash sets (`BASH_REMATCH`, `BASH_ARGV0`, `COMP_WORDS`, `READLINE_LINE`). */
const COMPUTED_PREFIX = /^(?:BASH_|COMP_|READLINE_)/;

/**
 * Variables bash gives a value of its own when the environment does not set them (`env -i bash -c set`): read from
 * the map when present, unknown when absent (never empty).
 */
export const DEFAULTED_WHEN_UNSET: readonly string[] = ["HOSTNAME", "MAILCHECK", "PATH", "SHELL", "TERM"];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const EXPORTED_FUNCTION = /^BASH_FUNC_(.+?)(?:%%|\(\))$/;

/**
 * The known environment of `variables` (as `process.env` gives it), or unknown when one of `UNKNOWABLE_ENVIRONMENT`
 * is set. `unknownValues` are set to values the caller cannot know exactly.
 */
export function shellEnvironmentOf(
	variables: Readonly<Record<string, string | undefined>>,
	unknownValues: readonly string[] = [],
): ShellEnvironment {
	const map = new Map<string, string | null>();
	const functions = new Set<string>();
	for (const [name, value] of Object.entries(variables)) {
		if (value === undefined) continue;
		const exported = EXPORTED_FUNCTION.exec(name);
		if (exported !== null) {
			functions.add(exported[1] as string);
			continue;
		}
		// bash imports only names that are identifiers; `A-B=x` never becomes a variable.
		if (NAME.test(name)) map.set(name, value);
	}
	if (UNKNOWABLE_ENVIRONMENT.some((row) => map.has(row.name))) return UNKNOWN_SHELL_ENVIRONMENT;
	for (const name of unknownValues) map.set(name, null);
	return { kind: "known", variables: map, functions };
}

/**
 * What `$name` holds in a fresh shell of `environment` when the command never assigns it: one value (empty when
 * unset), or `null` when the map cannot say (an unknown environment, a name bash computes, a value set but unknown).
 */
export function environmentValue(environment: ShellEnvironment, name: string): VariableValues | null {
	if (environment.kind === "unknown") return null;
	if (SHELL_COMPUTED_VARIABLES.includes(name) || COMPUTED_PREFIX.test(name)) return null;
	const value = environment.variables.get(name);
	if (value === null) return null;
	if (value === undefined) return DEFAULTED_WHEN_UNSET.includes(name) ? null : UNSET;
	return { known: [value], unknown: false };
}

const UNSET: VariableValues = Object.freeze({ known: Object.freeze([""]), unknown: false });

/** The first command name of `names` the environment defines as a function, or `null`. */
export function environmentFunction(environment: ShellEnvironment, names: Iterable<string | null>): string | null {
	if (environment.kind === "unknown" || environment.functions.size === 0) return null;
	for (const name of names) if (name !== null && environment.functions.has(name)) return name;
	return null;
}
