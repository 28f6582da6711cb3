/**
 * Owns: data only: the shell variables and builtins that rebind a command name or make bash evaluate text again,
 * and the option grammars of the builtins that set a variable by name. Add a row with the reason a person reads in
 * the ask, and a row in `test/bash/shell-state-table.test.ts` that runs it (each row was checked in bash 5.2).
 * Never: decides anything; `shell-rebinding-guard.ts`, `arithmetic-reevaluation.ts`, `environment-words.ts`,
 * `name-targets.ts` and `shell-state-effects.ts` read these tables.
 */

import { type OptionGrammar, optionGrammar, POSIX_READING } from "../options/option-grammar";

/** Variables whose assignment changes which program a command name runs (the array itself is the hash table). */
export const REBINDING_VARIABLES: ReadonlyMap<string, string> = new Map([
	["BASH_CMDS", "setting `BASH_CMDS` rebinds command names to other programs"],
	["BASH_ALIASES", "setting `BASH_ALIASES` rebinds command names through aliases"],
	["BASH_LOADABLES_PATH", "setting `BASH_LOADABLES_PATH` changes where `enable -f` loads builtins from"],
]);

/** Variables whose value bash expands as a prompt (running any `$(…)` in it) at a later point. */
export const PROMPT_VARIABLES: ReadonlyMap<string, string> = new Map([
	["PS0", "`PS0` holds text bash expands again before each command"],
	["PS1", "`PS1` holds text bash expands again as a prompt"],
	["PS2", "`PS2` holds text bash expands again as a prompt"],
	["PS4", "`PS4` holds text bash expands again before each traced command"],
	["PROMPT_COMMAND", "`PROMPT_COMMAND` holds a command bash runs before each prompt"],
]);

/**
 * What a variable bash sets itself holds: `text` a command can choose (`read` with no name sets `REPLY`, `$_` is the
 * last word of the previous command), so arithmetic over it can run the commands it holds; a `path` bash writes
 * (`cd` sets `PWD`, `OLDPWD`); a `number` (`LINENO`, `PIPESTATUS`); or a value bash `resets` at start whatever the
 * environment says (`IFS`).
 */
type ShellSetValue = "text" | "path" | "number" | "resets";

/**
 * The one table of variables bash sets itself while a command runs (each checked in bash 5.2). None of them is an
 * environment value (`environment-words.ts`); arithmetic over a `text` one asks (`arithmetic-reevaluation.ts`).
 * How to add a row: any variable bash writes while running a command, with what it holds; the row tests keep
 * `find $NAME` uncertain and, for `text`, `$(( NAME ))` asking.
 */
export const SHELL_SET_VARIABLES: ReadonlyMap<string, ShellSetValue> = new Map([
	["_", "text"],
	["REPLY", "text"],
	["MAPFILE", "text"],
	["BASH_REMATCH", "text"],
	["OPTARG", "text"],
	["COMPREPLY", "text"],
	["READLINE_LINE", "text"],
	["BASH_COMMAND", "text"],
	["BASH_ARGV", "text"],
	["BASH_ARGV0", "text"],
	["BASH_SOURCE", "text"],
	["BASH_EXECUTION_STRING", "text"],
	["FUNCNAME", "text"],
	["DIRSTACK", "text"],
	["OLDPWD", "path"],
	["PWD", "path"],
	["OPTIND", "number"],
	["COPROC", "number"],
	["PIPESTATUS", "number"],
	["LINENO", "number"],
	["HISTCMD", "number"],
	["PPID", "number"],
	["IFS", "resets"],
]);

/** Prefixes of name families bash sets (`BASH_REMATCH`, `BASH_COMMAND`, `COMP_WORDS`, `READLINE_LINE`). */
export const SHELL_SET_PREFIX = /^(?:BASH|COMP_|READLINE_)/;

/**
 * Builtins that store text under a variable name given as a word: which options take an argument (skipped), which
 * option names the target, and whether the remaining operands are targets. A name may carry a subscript, which
 * bash evaluates as arithmetic (`read 'a[$(cmd)]'`).
 */
export interface NameTakingBuiltin {
	/** Its options: the letters that take an argument (the next word, or the rest of their word). */
	readonly grammar: OptionGrammar;
	/** Option letters whose argument is itself a target name (`read -a NAME`, `printf -v NAME`). */
	readonly targetOptions: string;
	/** Which operands are target names: all of them, the first only, the second only, or none. */
	readonly operands: "all" | "first" | "second" | "none";
}

/** A row: the option letters taking an argument, those naming a target, and which operands are targets. */
function builtin(
	withArgument: string,
	targetOptions: string,
	operands: NameTakingBuiltin["operands"],
): NameTakingBuiltin {
	return { grammar: optionGrammar(POSIX_READING, { shortValue: withArgument }), targetOptions, operands };
}

export const NAME_TAKING_BUILTINS: ReadonlyMap<string, NameTakingBuiltin> = new Map([
	["read", builtin("adinNptu", "a", "all")],
	["mapfile", builtin("dnOsuCc", "", "first")],
	["readarray", builtin("dnOsuCc", "", "first")],
	["printf", builtin("v", "v", "none")],
	["getopts", builtin("", "", "second")],
	["wait", builtin("p", "p", "none")],
]);

/** Declaration builtins: their words are names or `name=value` assignments; `-i` makes the names integers. */
export const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(["declare", "typeset", "local", "export", "readonly"]);
