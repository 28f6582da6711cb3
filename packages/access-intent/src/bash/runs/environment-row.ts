/**
 * Owns: the vocabulary of the environment tables (ADR 0026, ADR 0051): what a program does with a variable's value
 * (`EnvironmentEffect`), the shape of a row, and how a row's name pattern is matched.
 * Never: holds a variable (the tables do) or reads a setting (`environment-effects.ts` does).
 */

/**
 * What a program does with the value of a variable it reads.
 * - `runs-value`: the value is a command the program runs (`GIT_EXTERNAL_DIFF='rm x;:' git diff`): parsed as bash
 *   and its units judged; the setting unit is an indirection.
 * - `runs-code`: the program runs code the command line does not show (`PERL5OPT=-e…`): the unit is opaque.
 *   `codeWhen` narrows it to values that hold code.
 * - `relocates`: the value moves where the program reads its configuration, state or code (`GIT_DIR`, `HOME`,
 *   `PYTHONPATH`, `LD_PRELOAD`): a command no one can see may run, so the analysis is incomplete (ADR 0023, 0051).
 *   `harmless` lists values that move nothing (`GIT_CONFIG_GLOBAL=/dev/null`, `PATH=$PATH:…`).
 * - `options`: the value holds options the program reads by its own grammar (`NODE_OPTIONS`, `TAR_OPTIONS`):
 *   `readOptions` says whether they are harmless, run code, or are not known; not known is an incomplete analysis,
 *   as a relocating setting is (`GREP_OPTIONS='--fi=.env'` reads a file the command line does not show).
 * - `writes-value`: the program writes the file its value names (`GIT_TRACE=/x`); no write slice reads it yet, so
 *   it is opaque unless `harmless` matches (`GIT_TRACE=1` writes to stderr).
 * - `reads-value`: the value names a file the program reads as data (`CURL_CA_BUNDLE`): a read no `path` rule sees,
 *   so an incomplete analysis as a relocating setting is.
 * - `configures`: a setting of the program that is not known to be harmless (`npm_config_*` keys without a row,
 *   `PIP_*`, `CARGO_*`): the unit's effects are unknown (an ordinary ask).
 * - `git-config-key`: the value names a git config key; opaque when `code-running-git-config-table.ts` lists it.
 * - `terminal-only`: a pager or an interactive setting, used only when the output is a terminal, which Pi's bash
 *   tool never has: it runs nothing (`PAGER=cat git log`; red-team D-pager-env).
 * An empty value runs nothing for the rows that run a value, code or options (`LD_PRELOAD= cmd` is `relocates` with
 * an empty `harmless`).
 */
type EnvironmentEffect =
	| "runs-value"
	| "runs-code"
	| "relocates"
	| "options"
	| "writes-value"
	| "reads-value"
	| "configures"
	| "git-config-key"
	| "terminal-only";

/** What an option string in the environment does, as its program's table reads it. */
export type OptionsVerdict = "inert" | "runs-code" | "unknown";

export interface EnvironmentRow {
	/** The variable as the program reads it; a `*` stands for any text (`GIT_CONFIG_KEY_*`, `*_CONFIG_PATH`). */
	readonly name: string;
	readonly effect: EnvironmentEffect;
	/** What the program does with it, in a few words, for the person asked (`git reads its config from this file`). */
	readonly note: string;
	/** Where the program documents it (`git(1) ENVIRONMENT VARIABLES`); every program table's row has one. */
	readonly source?: string;
	/** For `runs-code`: only values matching this hold code. */
	readonly codeWhen?: RegExp;
	/** For `relocates`, `writes-value`, `reads-value`, `configures`: values that do nothing of the kind. */
	readonly harmless?: RegExp;
	/** For `options`: what the option string does. */
	readonly readOptions?: (value: string) => OptionsVerdict;
}

/** A known-inert variable: setting it changes output or timing only, for every program that reads it. */
export interface InertRow {
	/** The variable; a `*` stands for any text (`LC_*`). */
	readonly name: string;
	/** The programs that read it (or `any` for a convention every program follows). */
	readonly programs: string;
	/** Why no program that reads it runs, reads or writes anything because of it. */
	readonly why: string;
}

/** A row name as a pattern: `null` for an exact name; otherwise its regular expression and literal length. */
export function namePattern(name: string): { readonly test: RegExp; readonly literal: number } | null {
	if (!name.includes("*")) return null;
	const source = name
		.split("*")
		.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
		.join(".*");
	return { test: new RegExp(`^${source}$`, "s"), literal: name.replaceAll("*", "").length };
}

/** A row builder for one source: `documentedIn("git(1) ENVIRONMENT VARIABLES")("GIT_DIR", "relocates", "…")`. */
export function documentedIn(
	source: string,
): (
	name: string,
	effect: EnvironmentEffect,
	note: string,
	extra?: Pick<EnvironmentRow, "codeWhen" | "harmless" | "readOptions">,
) => EnvironmentRow {
	return (name, effect, note, extra = {}) => ({ name, effect, note, source, ...extra });
}
