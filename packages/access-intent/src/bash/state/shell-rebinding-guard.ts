/**
 * Owns: finding the units that rebind a command name to another program (`hash -p`, `BASH_CMDS`, `enable`,
 * `BASH_FUNC_…` in the environment) or store text bash will run later (`compgen -W/-C/-F`, a computed `PS4`), and
 * the reason the command asks. Vocabulary in `shell-state-table.ts`.
 * Never: walks the tree or edits units; it reads the units the parse emitted, after the fact.
 */
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord } from "../reading/shell-word";
import { baseName, declarationFlags, nameTargets } from "./name-targets";
import { DECLARATION_BUILTINS, NAME_TAKING_BUILTINS, PROMPT_VARIABLES, REBINDING_VARIABLES } from "./shell-state-table";

/** The builtins this guard reads, by normalised name (quote-split spellings reach them too). */
const GUARDED_NAMES: ReadonlySet<string> = new Set([
	"hash",
	"enable",
	"compgen",
	"shopt",
	"alias",
	...DECLARATION_BUILTINS,
	...NAME_TAKING_BUILTINS.keys(),
]);
const FUNCTION_IMPORT = "defines a shell function through the environment (`BASH_FUNC_…`)";
/** An environment argument (`env PS4=…`, `sudo PS4=…`) of a prompt variable. */
const PROMPT_ARGUMENT = /^(PS[0-4]|PROMPT_COMMAND)=/;
/** Text that holds code when bash expands it again: a `$` or a backquote. */
const CODE_CHARS = /[$`]/;

/** The reason `units` must be asked about because one rebinds a name or stores code, or `null`. */
export function rebindingFloor(command: string, units: readonly CommandUnit[]): string | null {
	const mentions = command.includes("BASH_");
	// SECURITY: bash imports `BASH_FUNC_name%%=() { … }` from its environment as a function that shadows `name`.
	if (mentions && command.includes("BASH_FUNC_")) return FUNCTION_IMPORT;
	// Without a `=` no unit assigns or passes `NAME=…`: only the guarded builtins are left to read. SECURITY: an ANSI-C
	// string may spell the `=` (`env $'PS4\x3d$(rm x)' …`), so a command holding one reads every unit.
	const assigns = command.includes("=") || command.includes("$'");
	for (let i = 0; i < units.length; i++) {
		const unit = units[i] as CommandUnit;
		if (!(assigns ? mayRebind(unit) : guarded(unit))) continue;
		const reason =
			unitFloor(unit) ?? (unit.commandName === "alias" && besideOthers(units, i) ? aliasFloor(unit) : null);
		if (reason !== null) return reason;
	}
	// SECURITY: any other spelling that reaches the hash table (`mapfile BASH_CMDS`, `unset`-then-set) asks too.
	if (mentions) {
		for (const name of REBINDING_VARIABLES.keys()) {
			if (command.includes(name)) return REBINDING_VARIABLES.get(name) as string;
		}
	}
	return null;
}

/**
 * A unit worth reading: it assigns, runs a guarded builtin (by normalised name, so `'ha'sh` counts), or passes an
 * argument holding `=` (`env PS4=…`, `env 'BASH_FU''NC_x%%=…'`). Names are compared, not searched for in the
 * text: a text test with many alternatives cost more than the check itself on a 10-unit chain.
 */
function mayRebind(unit: CommandUnit): boolean {
	if (unit.assignments.length > 0 || guarded(unit)) return true;
	// Indexed: the words are a frozen array, which for-of iterates off V8's fast path, on every unit of the command.
	const args = unit.args;
	for (let i = 0; i < args.length; i++) if (mayPassSetting(args[i] as ShellWord)) return true;
	return false;
}

function guarded(unit: CommandUnit): boolean {
	return unit.commandName !== null && GUARDED_NAMES.has(unit.commandName);
}

function unitFloor(unit: CommandUnit): string | null {
	for (const assignment of unit.assignments) {
		const reason = variableFloor(assignment.name, assignment.value);
		if (reason !== null) return reason;
		// SECURITY: `env "BASH_FU"'NC_ls%%=…'` spells the import with quotes the text test does not see.
		if (assignment.value !== null && literalWordText(assignment.value)?.includes("BASH_FUNC_")) return FUNCTION_IMPORT;
	}
	for (const word of unit.args) {
		const reason = mayPassSetting(word) ? argumentFloor(word) : null;
		if (reason !== null) return reason;
	}
	switch (unit.commandName) {
		case "hash":
			return hashFloor(unit.args);
		case "enable":
			return enableFloor(unit.args);
		case "compgen":
			return compgenFloor(unit.args);
		case "shopt":
			return shoptFloor(unit.args);
		default:
			break;
	}
	const name = unit.commandName;
	const nameref = name !== null && DECLARATION_BUILTINS.has(name) && declarationFlags(unit).includes("n");
	if (nameref) {
		for (const assignment of unit.assignments) {
			// SECURITY: `declare -n r; r=BASH_C''MDS` (or `for r in …`) points the reference later, out of this unit's sight.
			if (assignment.value === null) return "a reference (`declare -n`) whose target is set later";
			const target = literalWordText(assignment.value);
			// SECURITY: `declare -n r=BASH_CMDS; r[ls]=/bin/rm` sets the hash table under another name.
			if (target === null) return "a reference (`declare -n`) to a variable whose name is computed";
			const reason = REBINDING_VARIABLES.get(baseName(target));
			if (reason !== undefined) return reason;
		}
	}
	for (const target of nameTargets(unit)) {
		if (target.literal === null) return `\`${unit.commandName}\` sets a variable whose name is computed`;
		const base = baseName(target.literal);
		const reason = REBINDING_VARIABLES.get(base) ?? PROMPT_VARIABLES.get(base);
		if (reason !== undefined) return reason;
	}
	return null;
}

/** Whether the word may read as `NAME=…`: it holds a `=`, or an ANSI-C string that may decode to one. */
function mayPassSetting(word: ShellWord): boolean {
	return word.raw.includes("=") || word.raw.includes("$'");
}

/** An argument that imports a function or passes a prompt variable holding code to the program it starts. */
function argumentFloor(word: ShellWord): string | null {
	const literal = literalWordText(word);
	if (literal?.includes("BASH_FUNC_")) return FUNCTION_IMPORT;
	const head = word.parts[0];
	if (head?.kind !== "literal") return null;
	const prompt = PROMPT_ARGUMENT.exec(head.text);
	if (prompt === null) return null;
	return literal === null || CODE_CHARS.test(literal) ? (PROMPT_VARIABLES.get(prompt[1] as string) ?? null) : null;
}

function variableFloor(name: string, value: ShellWord | null): string | null {
	// SECURITY: `BASH_CMDS[ls]=/usr/bin/rm; ls x` runs rm under the name ls (red-team K2-bash-hash-table).
	const rebinding = REBINDING_VARIABLES.get(name);
	if (rebinding !== undefined) return rebinding;
	const prompt = PROMPT_VARIABLES.get(name);
	if (prompt === undefined || value === null) return null;
	// SECURITY: `d='$'; PS4="${d}(rm x)"; set -x` stores `$(rm x)` although no substitution is written.
	const text = literalWordText(value);
	return text === null || CODE_CHARS.test(text) ? prompt : null;
}

/** SECURITY: `hash -p /usr/bin/rm ls; ls x` runs rm under the name ls (red-team A-hash-p). */
function hashFloor(args: readonly ShellWord[]): string | null {
	const texts = literalWordTexts(args);
	if (texts.some((text) => text === null)) return "`hash` with a computed argument may rebind a command name";
	const bound = texts.some((text) => text !== null && /^-[a-z]*p/.test(text));
	if (!bound) return null;
	const name = texts[texts.length - 1] ?? "";
	return `\`hash -p\` rebinds the command name \`${name}\` to another program`;
}

/** SECURITY: `enable -f lib.so x` loads code; `enable -n x` lets a program named `x` run instead of the builtin. */
function enableFloor(args: readonly ShellWord[]): string | null {
	for (const word of args) {
		const text = literalWordText(word);
		if (text === null || !/^-[aps]+$/.test(text)) {
			return "`enable` changes which builtins exist (or loads one from a shared library)";
		}
	}
	return null;
}

/** SECURITY: `compgen -W '$(rm x)' y` expands its word list again; `-C` runs a command, `-F` a function. */
function compgenFloor(args: readonly ShellWord[]): string | null {
	for (const word of args) {
		const text = literalWordText(word);
		if (text?.startsWith("-") && /[CF]/.test(text)) return "`compgen -C`/`-F` runs a command";
		if (text === null || CODE_CHARS.test(text))
			return "`compgen` expands its word list again, running any `$(…)` in it";
	}
	return null;
}

/** True when a unit other than `units[at]` and the substitutions in its own words (emitted right after it) runs. */
function besideOthers(units: readonly CommandUnit[], at: number): boolean {
	const depth = (units[at] as CommandUnit).nesting.length;
	let end = at + 1;
	while (end < units.length && (units[end] as CommandUnit).nesting.length > depth) end++;
	return units.length > end - at;
}

/**
 * SECURITY: alias expansion is off in `bash -c`, but `set -o posix`, `POSIXLY_CORRECT=1` or a quote-split
 * `shopt -s expand_al''iases` turns it on, and a later line or trap string then runs the alias (`alias ls=rm`).
 * An alias defined beside any other unit asks; alone (with the substitutions of its own words) it rebinds nothing.
 */
function aliasFloor(unit: CommandUnit): string | null {
	if (unit.commandName !== "alias") return null;
	for (const word of unit.args) {
		const text = literalWordText(word);
		if (text === null) return "`alias` with a computed definition may rebind a command name";
		const name = /^([^=]+)=/.exec(text)?.[1];
		if (name !== undefined) return `\`alias\` rebinds the command name \`${name}\``;
	}
	return null;
}

/** SECURITY: `shopt -s expand_al''iases` or a computed option name turns on alias expansion unseen by a text test. */
function shoptFloor(args: readonly ShellWord[]): string | null {
	for (const word of args) {
		const text = literalWordText(word);
		if (text === null || text === "expand_aliases") return "the command may turn on alias expansion";
	}
	return null;
}
