/**
 * Owns: what one unit does to the variables and shell options later words are read with: assignments (`=`, `+=`,
 * `a[i]=`, tilde expansion of the value), `declare -n/-l/-u/-c/-i`, builtins that set variables from input (`read`,
 * `printf -v`, `mapfile`, `getopts`, `let`, `for`/`select`) and `shopt` options that change what a word names.
 * Never: guesses a value: a variable set from input becomes unknown, and a name that is not a literal word forgets
 * every tracked variable. To add a builtin that sets variables, add a row to `VARIABLE_WRITERS` and to its test.
 */
import { valueText } from "../options/option-queries";
import { scanOptions } from "../options/option-scanner";
import type { Assignment, CommandUnit, Redirect } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord } from "../reading/shell-word";
import type { BashShellState, CaseAttribute } from "./bash-shell-state";
import { resolveWord, type VariableLookup, type VariableValues } from "./bash-word-values";
import { NAME_TAKING_BUILTINS, type NameTakingBuiltin } from "./shell-state-table";

const DECLARATIONS = new Set(["export", "declare", "local", "readonly", "typeset"]);
/** The declaration builtins whose `-n` makes a nameref (for `export`, `-n` removes the export attribute). */
const NAMEREF_DECLARATIONS = new Set(["declare", "local", "typeset"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variable names a builtin sets from its words, or `"any"` when a name is not a literal word. */
type WrittenNames = readonly string[] | "any";

/** Reads `texts` (literal texts, `null` for a computed word) by a builtin's grammar: its target options, then names. */
function namesAfterOptions(
	texts: readonly (string | null)[],
	builtin: string,
	fallback: readonly string[],
): WrittenNames {
	const row = NAME_TAKING_BUILTINS.get(builtin) as NameTakingBuiltin;
	const scan = scanOptions(texts, row.grammar);
	const names: string[] = [];
	for (const option of scan.options) {
		if (!row.targetOptions.includes(option.name.slice(1))) continue;
		const value = option.value === null ? null : valueText(option.value, texts);
		if (value === null) return "any";
		names.push(value);
	}
	const operands = scan.operands.map((index) => texts[index] ?? null);
	if (operands.some((text) => text === null)) return "any";
	return [...names, ...(operands.length > 0 ? (operands as string[]) : names.length > 0 ? [] : fallback)];
}

/** Builtins that set variables from input or computation: the names each one sets. */
export const VARIABLE_WRITERS: ReadonlyMap<string, (texts: readonly (string | null)[]) => WrittenNames> = new Map([
	["read", (texts) => namesAfterOptions(texts, "read", ["REPLY"])],
	["printf", printfNames],
	["mapfile", (texts) => namesAfterOptions(texts, "mapfile", ["MAPFILE"])],
	["readarray", (texts) => namesAfterOptions(texts, "readarray", ["MAPFILE"])],
	["getopts", (texts) => (texts[1] === null ? "any" : [texts[1] ?? "OPTARG", "OPTARG", "OPTIND"])],
	["wait", waitNames],
	["let", letNames],
] as [string, (texts: readonly (string | null)[]) => WrittenNames][]);

/** `printf -v name fmt …`: only the `-v` value is a name; the rest is the format and its arguments. */
function printfNames(texts: readonly (string | null)[]): string[] | "any" {
	const at = texts.findIndex((text) => text === null || text === "-v" || (text?.startsWith("-v") ?? false));
	if (at < 0) return [];
	const text = texts[at];
	if (text === null) return "any";
	const value = text === "-v" ? texts[at + 1] : text?.slice(2);
	return value === null || value === undefined ? "any" : [value];
}

function waitNames(texts: readonly (string | null)[]): string[] | "any" {
	const at = texts.indexOf("-p");
	if (at < 0) return [];
	const value = texts[at + 1];
	return value === null || value === undefined ? "any" : [value];
}

/** `let f=1 g++`: the leading name of each expression. */
function letNames(texts: readonly (string | null)[]): string[] | "any" {
	const names: string[] = [];
	for (const text of texts) {
		if (text === null) return "any";
		const name = /^\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(text);
		if (name !== null) names.push(name[1] as string);
	}
	return names;
}

/** The `shopt` options that change what a path word names or where `cd` goes. */
const GLOB_OPTIONS = new Set([
	"dotglob",
	"nocaseglob",
	"globstar",
	"extglob",
	"nullglob",
	"failglob",
	"globasciiranges",
]);

export interface EffectContext {
	readonly state: BashShellState;
	/** True for a plain top-level unit whose effect certainly persists. */
	readonly certain: boolean;
	readonly lookup: VariableLookup;
	/** Set when a glob may no longer mean what the default options make it mean (`shopt -s dotglob`, `GLOBIGNORE=`). */
	readonly globsChanged: () => void;
	/** The values plain loop words take (globs expanded), or `null` when they cannot be established. */
	readonly loopValues: (words: readonly string[]) => VariableValues | null;
}

/** A list of loop words read from the unit text: no quoting, expansion, brace, bracket, tilde or comment. */
const PLAIN_LOOP_LIST = /^[A-Za-z0-9_./*?+@%:,= \t-]*$/;
const LOOP_HEADER = /^for\s+[A-Za-z_][A-Za-z0-9_]*\s+in(?=[\s;])([^;\n]*)[;\n]/;

/**
 * The words of `for f in w1 w2; do …` when each is plain (a glob included), `[]` for an empty list, `null` for any
 * other loop (`select`, `for f; do`, quoted or expanded words, `for ((…))`).
 */
export function loopWords(text: string): string[] | null {
	const loop = LOOP_HEADER.exec(text);
	if (loop === null) return null;
	// One test of the whole list (it runs to the first `;` or newline); bash splits it at spaces and tabs only, so any
	// other blank (`\r`, NBSP) is a word character and leaves the loop unread.
	const list = loop[1] as string;
	if (!PLAIN_LOOP_LIST.test(list)) return null;
	return list.split(/[ \t]+/).filter((word) => word !== "");
}

/** Applies the unit's effect on variables and shell options to the state. */
export function recordStateEffects(unit: CommandUnit, context: EffectContext): void {
	const { state } = context;
	recordDefaultAssignments(unit, state);
	if (unit.compound) {
		// `for f in …` and `select f in …` leave f set to one of the words (or unchanged, with no word).
		const loop = LOOP_VARIABLE.exec(unit.text);
		if (loop === null) return;
		const name = loop[1] as string;
		const words = loopWords(unit.text);
		if (words !== null && words.length === 0) return;
		const values = words === null ? null : context.loopValues(words);
		if (values === null) state.assignUnknown(name);
		else state.assignLoop(name, values, context.certain);
		return;
	}
	const name = unit.commandName;
	const declaration = unit.nameWord === null || (name !== null && DECLARATIONS.has(name));
	if (declaration) {
		recordDeclaration(unit, context);
		return;
	}
	if (name === null) return;
	const writer = VARIABLE_WRITERS.get(name);
	if (writer === undefined && name !== "shopt") return;
	const texts = literalWordTexts(unit.args);
	if (name === "shopt") {
		const options = texts.filter((text) => text === null || !text.startsWith("-"));
		// SECURITY: `shopt -s dotglob; cat *` also reads `.env`; `shopt -s cdable_vars; cd s` goes to `$s`.
		if (options.some((text) => text === null || text === "cdable_vars")) state.cdableVars = true;
		if (options.some((text) => text === null || GLOB_OPTIONS.has(text))) context.globsChanged();
		return;
	}
	if (writer === undefined) return;
	const written = writer(texts);
	if (written === "any") state.forgetVariables();
	else for (const variable of written) if (NAME.test(variable)) state.assignUnknown(variable);
}

const LOOP_VARIABLE = /^(?:for|select)\s+([A-Za-z_][A-Za-z0-9_]*)/;
const ASSIGN_DEFAULT = /\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g;
const EXACT_DEFAULT = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?=([^$`"'\\{}]*)\}$/;

/**
 * SECURITY: `f=; echo ${f:=.env}; cat $f` reads `.env`: `${f:=w}` and `${f=w}` assign `w` wherever the word is
 * expanded, whatever role it has. The variable may then hold `w` (or, for a default not read exactly, anything).
 */
function recordDefaultAssignments(unit: CommandUnit, state: BashShellState): void {
	// Indexed loops: this runs for every unit of every call, and for-of over the units' arrays costs more here.
	const args = unit.args;
	for (let i = 0; i < args.length; i++) recordWordDefaults(args[i] as ShellWord, state);
	const redirects = unit.redirects;
	for (let i = 0; i < redirects.length; i++) recordWordDefaults((redirects[i] as Redirect).target, state);
	const assignments = unit.assignments;
	for (let i = 0; i < assignments.length; i++) {
		const value = (assignments[i] as Assignment).value;
		if (value !== null) recordWordDefaults(value, state);
	}
}

function recordWordDefaults(word: ShellWord, state: BashShellState): void {
	// A dynamic part's text is part of the word's: without a `$` and a `=` in the word there is no `${x:=…}`.
	const raw = word.raw;
	if (!raw.includes("=") || !raw.includes("${")) return;
	for (const part of word.parts) {
		if (part.kind !== "dynamic" || !part.raw.includes("=")) continue;
		const exact = EXACT_DEFAULT.exec(part.raw);
		for (const match of part.raw.matchAll(ASSIGN_DEFAULT)) {
			const name = match[1] as string;
			if (exact !== null && match.index === 0)
				state.assign(name, { known: [exact[1] as string], unknown: false }, false);
			else state.assignUnknown(name);
		}
	}
}

function recordDeclaration(unit: CommandUnit, context: EffectContext): void {
	const { state, certain } = context;
	const flags = unit.nameWord === null ? NO_FLAGS : declarationFlags(unit.args);
	if (flags === null) {
		// SECURITY: `declare "$x"` may assign any variable any value.
		state.forgetVariables();
		return;
	}
	const nameref = unit.commandName !== null && NAMEREF_DECLARATIONS.has(unit.commandName) && flags.set.includes("n");
	// The flags are the same for every name the unit assigns: read once, not per assignment.
	const attribute = caseAttribute(flags.set);
	const changesCase = attribute !== null || /[luc]/.test(flags.unset);
	const assignments = unit.assignments;
	for (let i = 0; i < assignments.length; i++) {
		const assignment = assignments[i] as Assignment;
		const name = assignment.name;
		if (name === "GLOBIGNORE") context.globsChanged();
		if (nameref) {
			const target = assignment.value === null ? null : literalWordText(assignment.value);
			state.declareNameref(name, target !== null && NAME.test(target) ? [target] : null, certain);
			continue;
		}
		if (changesCase) state.setCase(name, attribute, certain);
		// `f=` assigns the empty string (`IFS=` turns splitting off); `declare f` assigns nothing.
		const empty = assignment.value === null && (unit.nameWord === null || assignsEmpty(unit.text, name));
		const mode = assignmentMode(unit.text, name);
		if (empty) state.assign(name, { known: [""], unknown: false }, certain && !indexed(unit.text, name), mode);
		if (assignment.value === null) continue;
		const values = assignedValues(assignment.value, context);
		// `a[1]=x` leaves `$a` (element 0) as it was unless the index is 0: both stay possible.
		state.assign(name, values, certain && !indexed(unit.text, name), mode);
		// SECURITY: `declare -i f=…` evaluates the value as arithmetic; its result is not modelled.
		if (flags.set.includes("i")) state.assignUnknown(name);
	}
}

/** The option letters a declaration sets (`-l`) and unsets (`+l`); `null` when an argument is not a literal word. */
function declarationFlags(args: readonly ShellWord[]): { set: string; unset: string } | null {
	let set = "";
	let unset = "";
	for (const word of args) {
		const text = literalWordText(word);
		if (text === null) return null;
		if (text.startsWith("-")) set += text.slice(1);
		else if (text.startsWith("+")) unset += text.slice(1);
	}
	return { set, unset };
}

const NO_FLAGS: { readonly set: string; readonly unset: string } = Object.freeze({ set: "", unset: "" });

function caseAttribute(flags: string): CaseAttribute | null {
	const last = Math.max(flags.lastIndexOf("l"), flags.lastIndexOf("u"), flags.lastIndexOf("c"));
	if (last < 0) return null;
	return flags[last] === "l" ? "lower" : flags[last] === "u" ? "upper" : "capitalize";
}

/** The values an assignment stores: the word's values, with an unquoted leading `~+`, `~-`, `~N` expanded. */
function assignedValues(value: ShellWord, context: EffectContext): VariableValues {
	const resolved = resolveWord(value, context.lookup);
	const texts = resolved.values.map((entry) => entry.text);
	const unknown = resolved.unresolved !== null;
	const prefix = value.raw.startsWith("~") ? /^~([^/:]*)/.exec(texts[0] ?? "") : null;
	if (prefix === null || prefix[1] === "") return { known: texts, unknown };
	const expansion = context.state.tilde(prefix[1] as string);
	if (expansion === null) return { known: texts, unknown };
	const rest = (texts[0] ?? "").slice(prefix[0].length);
	return { known: expansion.known.map((dir) => dir + rest), unknown: unknown || expansion.unknown };
}

/**
 * Whether the unit's text writes `name+=…` (append), `name=…` (set) or both. The text is searched rather than parsed,
 * so a spelling inside another value (`g=f+=x`) can only add the append reading, never lose one.
 */
function assignmentMode(text: string, name: string): "set" | "append" | "set-or-append" {
	if (!text.includes("+=")) return "set";
	const append = new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:\\[[^\\]]*\\])?\\+=`).test(text);
	if (!append) return "set";
	const plain = new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:\\[[^\\]]*\\])?=`).test(text);
	return plain ? "set-or-append" : "append";
}

function assignsEmpty(text: string, name: string): boolean {
	return new RegExp(`(?:^|[^A-Za-z0-9_])${name}(?:\\[[^\\]]*\\])?\\+?=(?:\\s|;|$)`).test(text);
}

function indexed(text: string, name: string): boolean {
	if (!text.includes("[")) return false;
	return new RegExp(`(?:^|[^A-Za-z0-9_])${name}\\[`).test(text);
}
