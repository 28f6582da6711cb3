/**
 * Owns: `CommandUnit`, one command that can run, with its nesting context, words, redirects and wrapper facts.
 * Never: decides an action; the engine evaluates units against policy.
 */
import type { ShellWord } from "./shell-word";

/** Where a unit sits: the innermost construct that introduced it (corpus vocabulary), `null` at top level / plain control flow. */
export type UnitContext = "command_substitution" | "process_substitution" | "subshell";

export type WrapperKind = "opaque-payload" | "indirection";

/** Words of a unit that an outer wrapper, not bash, decides at run time (`find -exec … {}`, `xargs cmd`). */
interface RunTimeWords {
	/** Strings the wrapper replaces in the unit's words (`{}` of `find -exec`, the `-I` string of `xargs`). */
	readonly markers: readonly string[];
	/** The wrapper appends words read from its input (`xargs cmd`, `fd -x cmd`). */
	readonly appended: boolean;
}

/** An indirection passed on the way from a wrapper to its executed unit (`sudo timeout 5 ls` -> `timeout 5 ls`). */
export interface InnerWrapper {
	readonly text: string;
	readonly commandName: string;
}

export interface Redirect {
	/** The operator as written: `>`, `>>`, `<`, `&>`, `2>`, `<<<`, `>|`, … */
	readonly operator: string;
	readonly target: ShellWord;
}

export interface Assignment {
	readonly name: string;
	/** `null` for `declare x` / `export x` without a value. */
	readonly value: ShellWord | null;
}

/**
 * An environment setting that reaches the unit's program and is not known to be harmless (ADR 0051). `relocating`: it
 * moves where a program reads configuration, state or code (`HOME`, `GIT_DIR`, `PYTHONPATH`): a command no one can
 * see may run, so the analysis is incomplete. `unknown`: no table knows it to be inert (`DATABASE_URL`).
 */
export interface UnknownSetting {
	readonly kind: "relocating" | "unknown";
	/** The variable as written. */
	readonly name: string;
	/** Why, for the person asked (`` `GIT_DIR` reaches `git`: … ``). */
	readonly reason: string;
}

export interface CommandUnit {
	/** Source text used for matching: leading assignments stripped, redirects and heredoc bodies excluded. */
	readonly text: string;
	readonly context: UnitContext | null;
	/**
	 * Every enclosing construct from outermost to innermost (e.g. `["subshell", "if", "command_substitution"]`).
	 * Labels: `subshell`, `brace_group`, `arithmetic`, `if`, `while`, `until`, `for`, `select`, `case`, `function`,
	 * `negation`, `time`, `coproc`, `command_substitution`, `process_substitution`; the control labels `pipeline` (a
	 * member of `a | b`), `background` (a statement ending in `&`), `conditional` (a list member before a `||` or
	 * right after one) and `and_then` (a list member right after `&&`); and for units emitted on behalf
	 * of a wrapper: `wrapper` (the command an indirection certainly executes, `sudo rm x` -> `rm x`) and `payload`
	 * (the parsed text of `bash -c '…'`, `eval …`, `watch '…'`, which runs in a new shell: context `subshell`).
	 */
	readonly nesting: readonly string[];
	/** The command name normalised for matching (quotes, backslashes removed; basename of a path), or `null` when it is not a literal word. */
	readonly commandName: string | null;
	/** Argument words after the command name, in order. */
	readonly args: readonly ShellWord[];
	/** The command name word itself, `null` for a pure assignment / compound statement unit. */
	readonly nameWord: ShellWord | null;
	readonly redirects: readonly Redirect[];
	/** Leading `X=… cmd` assignments, or the assignments of a pure assignment / `export` / `declare` / `local` unit. */
	readonly assignments: readonly Assignment[];
	readonly wrapperKind: WrapperKind | null;
	/** What the wrapper runs, as source text, or `null` when it cannot be established with certainty. */
	readonly executedUnit: string | null;
	/** The indirections between this wrapper and `executedUnit`, outermost first (each is judged as well). */
	readonly innerWrappers: readonly InnerWrapper[];
	/** For a unit a wrapper executes: the words the wrapper fills in at run time; `null` when bash decides them all. */
	readonly runTimeWords: RunTimeWords | null;
	/** True when this unit is a whole compound statement (`if …; fi`, `{ …; }`, `for …`), listed before its inner units. */
	readonly compound: boolean;
	/**
	 * True for an opaque-payload shell whose literal script was read whole (`sh -c 'ls; git status'`, ADR 0031): its
	 * units follow it and decide, as for a judged indirection. Absent (false) for every other unit.
	 */
	readonly scriptRead?: boolean;
	/** A setting the unit gives its program (or every later program) that is not known to be harmless; absent when none. */
	readonly unknownSetting?: UnknownSetting;
}
