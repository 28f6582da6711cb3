/**
 * Owns: the floor for arithmetic over computed text. Bash evaluates a variable's value in an arithmetic context as
 * an expression again, and expands array subscripts in it, so `x='a[$(rm f)]'; (( x ))` runs rm. An arithmetic
 * context (`$((…))`, `((…))`, `let`, `declare -i` names, subscripts, `${s:off:len}`, `[[ -eq ]]`, `${!x}`, names
 * given to `read`/`printf -v`/`declare`) asks when it reaches a command's output, or a variable this command set to
 * anything but a number or plain text (followed through plain text to the names it holds). Variables the command
 * never sets come from the environment the user started: they are not the model's to control (ADR 0025).
 * Never: walks the tree; it reads the emitted units. Vocabulary in `shell-state-table.ts`.
 */
import {
	arithmeticRegions,
	assignedSubscripts,
	compoundArithmetic,
	defaultAssignments,
	expressionReach,
	identifiersOf,
	subscriptOf,
} from "../reading/arithmetic-text";
import type { Assignment, CommandUnit, Redirect } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord, type WordPart } from "../reading/shell-word";
import { baseName, declarationFlags, nameTargets } from "./name-targets";
import { DECLARATION_BUILTINS, NAME_TAKING_BUILTINS, SHELL_SET_VARIABLES } from "./shell-state-table";

/**
 * Cheap text tests (plain substring searches: a regular expression of many alternatives cost more than the check):
 * every arithmetic context holds `((`, `[` (subscripts, `[[`, array keys, `$[`) or `${`; the named ones (`let`,
 * `declare -i`, `test -v`) are found by the units' normalised names, so `l''et` counts.
 */
function hasMarker(command: string): boolean {
	return command.includes("[") || command.includes("((") || command.includes("${");
}

/** Whether any arithmetic context may be written in the command: a marker in it or an inner text, or an ANSI-C string. */
function mayHoldArithmetic(command: string, innerTexts: readonly string[]): boolean {
	if (hasMarker(command) || command.includes("$'")) return true;
	for (let i = 0; i < innerTexts.length; i++) if (hasMarker(innerTexts[i] as string)) return true;
	return false;
}

/** The builtins `collect` reads by name: arithmetic words, subscripts, integer and name declarations, test operands. */
const NAME_READING_BUILTINS: ReadonlySet<string> = new Set([
	"let",
	"unset",
	"[[",
	"[",
	"test",
	...DECLARATION_BUILTINS,
	...NAME_TAKING_BUILTINS.keys(),
]);

/** Builtins whose words are arithmetic (`let`, `test -v`) or may declare integers (`declare -i`). */
const NAMED_CONTEXTS: ReadonlySet<string> = new Set(["let", "declare", "typeset", "local", "test"]);

/** An indexed loop: the units are frozen, and `some` over a frozen array leaves V8's fast path. */
function anyNamedContext(units: readonly CommandUnit[]): boolean {
	for (let i = 0; i < units.length; i++) {
		const name = (units[i] as CommandUnit).commandName;
		if (name !== null && NAMED_CONTEXTS.has(name)) return true;
	}
	return false;
}

const ARITHMETIC_TEST = /^-(?:eq|ne|lt|le|gt|ge|v)$/;
const INTEGER = /^\s*[-+]?(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9A-Za-z@_]+)?)\s*$/;
const FOR_HEADER = /^(?:for|select)\s+([A-Za-z_]\w*)(?:\s+in\s+([^;\n]*?))?\s*(?:;|\n)\s*do\b/;
/** A heredoc whose delimiter is unquoted: its body is expanded. */
const UNQUOTED_HEREDOC = /<<-?[ \t]*[A-Za-z_]/;
const VARIABLE_REDIRECT = /^\{[A-Za-z_]\w*\[/;
const BRACE_RANGE = /^\{-?\d+\.\.-?\d+(?:\.\.-?\d+)?\}$/;

/** What a value set in this command is, as arithmetic sees it. */
type Value = { readonly kind: "number" } | { readonly kind: "computed" } | { readonly kind: "names"; names: string[] };

/**
 * The reason `units` must be asked about because arithmetic reaches computed text, or `null`. `innerTexts` are the
 * texts parsed again inside `command` (payloads, backquoted substitutions), read for markers and here-documents too.
 */
export function arithmeticFloor(
	command: string,
	units: readonly CommandUnit[],
	innerTexts: readonly string[] = [],
): string | null {
	// SECURITY: `l''et` and `dec''lare -i` are `let` and `declare` to bash, so the names are also read from the units.
	// SECURITY: an ANSI-C string decodes to text the command does not spell (`read $'a\x5b\x24\x28rm x\x29]'`):
	// its words are read whole, and a payload's decoded text is searched like the command's.
	if (!mayHoldArithmetic(command, innerTexts) && !anyNamedContext(units)) return null;
	const integers = new Set<string>();
	const expressions: string[] = [];
	// The values are read only when some expression exists: most commands hold none, so a first pass gathers the
	// expressions alone and the second (the same walk, recording values) runs only when one was found.
	for (let i = 0; i < units.length; i++) collect(units[i] as CommandUnit, null, integers, expressions);
	// SECURITY: an interpolating heredoc body is no unit's word, but bash expands the arithmetic in it (a payload's too).
	for (const text of innerTexts.length === 0 ? [command] : [command, ...innerTexts])
		if (text.includes("<<") && UNQUOTED_HEREDOC.test(text)) expressions.push(...arithmeticRegions(text));
	// `declare -i i; i="…"` evaluates the assigned text as arithmetic (red-team A2-arith-declare-i).
	if (integers.size > 0) {
		for (const unit of units) {
			for (const assignment of unit.assignments) {
				if (integers.has(assignment.name) && assignment.value !== null)
					expressions.push(wordExpression(assignment.value));
			}
		}
	}
	if (expressions.length === 0) return null;
	const values = new Map<string, Value[]>();
	for (let i = 0; i < units.length; i++) collect(units[i] as CommandUnit, values, new Set(), []);
	for (const text of expressions) {
		const reach = expressionReach(text);
		if (reach.kind === "code") return reach.reason;
		const reason = reachedComputed(reach.names, values);
		if (reason !== null) return reason;
	}
	return null;
}

/** One unit's arithmetic expressions and integer names; with `values`, also the values it sets (`null`: skip them). */
function collect(
	unit: CommandUnit,
	values: Map<string, Value[]> | null,
	integers: Set<string>,
	expressions: string[],
): void {
	const assignments = unit.assignments;
	for (let i = 0; i < assignments.length; i++) {
		const assignment = assignments[i] as Assignment;
		if (values !== null)
			record(values, assignment.name, assignment.value === null ? null : arithmeticValue(assignment.value));
		if (assignment.value !== null) regionsOf(assignment.value, expressions, values);
	}
	if (unit.nameWord === null) {
		// A pure assignment (`a[i]=1`) or compound: its subscripts and `((…))` headers are arithmetic.
		expressions.push(...assignedSubscripts(unit.text));
		const header = unit.compound ? compoundArithmetic(unit.text) : null;
		if (header !== null) expressions.push(header);
		if (unit.compound && values !== null) loopVariable(unit.text, values);
		// `for i in $((x))` and `case $((x)) in` hold arithmetic in words no unit owns.
		if (unit.compound && /^(?:for|select|case)\s/.test(unit.text)) expressions.push(...arithmeticRegions(unit.text));
	} else regionsOf(unit.nameWord, expressions, values);
	// Indexed loops: this runs for every unit of every call.
	const args = unit.args;
	for (let i = 0; i < args.length; i++) {
		const word = args[i] as ShellWord;
		regionsOf(word, expressions, values);
		// SECURITY: `{a[x]}>f` stores a descriptor under a subscripted name; bash evaluates the subscript.
		if (word.raw.charCodeAt(0) === 123 /* { */ && VARIABLE_REDIRECT.test(word.raw))
			expressions.push(wordExpression(word));
	}
	const redirects = unit.redirects;
	for (let i = 0; i < redirects.length; i++) regionsOf((redirects[i] as Redirect).target, expressions, values);
	const name = unit.commandName;
	// Every builtin read below is one of these (`nameTargets` finds names only for them): most units stop here.
	if (name === null || !NAME_READING_BUILTINS.has(name)) return;
	if (name === "let") for (const word of unit.args) expressions.push(wordExpression(word));
	// `unset 'a[x]'` evaluates the subscript of an indexed array.
	if (name === "unset") for (const word of unit.args) nameExpression(word, expressions);
	if (name === "[[" || name === "[" || name === "test") testOperands(unit, expressions);
	if (DECLARATION_BUILTINS.has(name)) {
		const flags = declarationFlags(unit);
		if (flags.includes("i")) {
			for (const assignment of unit.assignments) integers.add(assignment.name);
			// Spelled with quotes (`dec''lare -i i=…`) the builtin is a plain command: its names are words.
			for (const target of nameTargets(unit)) {
				if (target.literal !== null) integers.add(baseName(target.literal));
				expressions.push(wordExpression(target.word).replace(/^[^=]*=/, ""));
			}
		}
		expressions.push(...assignedSubscripts(unit.text));
	}
	for (const target of nameTargets(unit)) {
		// SECURITY: `read "a[${d}(rm x)]"`, `declare "a[…]=1"`, `declare -n r="a[…]"`: the subscript is arithmetic.
		nameExpression(target.word, expressions, target.literal);
		if (values !== null && !DECLARATION_BUILTINS.has(name) && target.literal !== null)
			record(values, target.literal.replace(/\[.*$/s, ""), { kind: "computed" });
	}
	if (DECLARATION_BUILTINS.has(name) && declarationFlags(unit).includes("n")) {
		for (const assignment of unit.assignments) {
			if (assignment.value !== null) expressions.push(wordExpression(assignment.value));
		}
	}
}

/** `[[ a -eq b ]]` evaluates both operands as arithmetic; `-v name` (also in `[`/`test`) evaluates the subscript. */
function testOperands(unit: CommandUnit, expressions: string[]): void {
	const texts = literalWordTexts(unit.args);
	if (!texts.some((text) => text !== null && ARITHMETIC_TEST.test(text))) return;
	for (let i = 0; i < unit.args.length; i++) {
		const text = texts[i];
		const previous = texts[i - 1];
		const next = texts[i + 1];
		const operand =
			(previous !== undefined && previous !== null && ARITHMETIC_TEST.test(previous)) ||
			(unit.commandName === "[[" && next !== undefined && next !== null && /^-(?:eq|ne|lt|le|gt|ge)$/.test(next));
		if (!operand || (typeof text === "string" && ARITHMETIC_TEST.test(text))) continue;
		if (previous === "-v" && typeof text === "string") {
			const subscript = subscriptOf(text);
			if (subscript !== null) expressions.push(subscript);
		} else if (previous === "-v" || unit.commandName === "[[") {
			expressions.push(wordExpression(unit.args[i] as ShellWord));
		}
	}
}

/** A word bash reads as a variable name: its subscript when literal, all of it when computed (it may hold one). */
function nameExpression(word: ShellWord, expressions: string[], literal = literalWordText(word)): void {
	if (literal === null) expressions.push(wordExpression(word));
	else {
		const subscript = subscriptOf(literal);
		if (subscript !== null) expressions.push(subscript);
	}
}

/** `for x in …` sets x to each word: numbers are safe, anything else is computed. */
function loopVariable(text: string, values: Map<string, Value[]>): void {
	if (!/^(?:for|select)\s/.test(text) || /^for\s*\(\(/.test(text)) return;
	const match = FOR_HEADER.exec(text);
	const name = match?.[1] ?? /^(?:for|select)\s+([A-Za-z_]\w*)/.exec(text)?.[1];
	if (name === undefined) return;
	const words = match?.[2]?.trim().split(/\s+/) ?? null;
	const numeric = words?.every((word) => INTEGER.test(word) || BRACE_RANGE.test(word));
	record(values, name, numeric ? { kind: "number" } : { kind: "computed" });
}

function record(values: Map<string, Value[]>, name: string, value: Value | null): void {
	if (value === null) return;
	const list = values.get(name);
	if (list === undefined) values.set(name, [value]);
	else list.push(value);
}

/** What arithmetic makes of a value: a number, a computed text, or plain text naming other variables. */
function arithmeticValue(word: ShellWord): Value {
	const literal = literalWordText(word);
	if (literal !== null) {
		if (INTEGER.test(literal)) return { kind: "number" };
		// SECURITY: `x='a[$''(rm f)]'` and `x=$'a[\x24(rm f)]'` hold `$(` once quotes and escapes are removed.
		return /[$`]/.test(literal) ? { kind: "computed" } : { kind: "names", names: [...identifiersOf(literal)] };
	}
	const names: string[] = [];
	for (const part of word.parts) {
		if (part.kind === "variable") names.push(part.name);
		else if (part.kind === "literal") {
			if (/[$`]/.test(part.text)) return { kind: "computed" };
			names.push(...identifiersOf(part.text));
		} else if (!wholeArithmetic(part.raw)) return { kind: "computed" };
	}
	return { kind: "names", names };
}

/** `$((…))`, `$[…]` and `${#x}` always expand to a number. */
function wholeArithmetic(raw: string): boolean {
	if (raw.startsWith("$((") && raw.endsWith("))")) return true;
	if (raw.startsWith("$[") && raw.endsWith("]")) return true;
	return /^\$\{#[A-Za-z_]\w*(?:\[[@*]\])?\}$/.test(raw);
}

/** A word as arithmetic text: literal text as is, `$name` for a variable, the source of a dynamic part. */
function wordExpression(word: ShellWord): string {
	let text = "";
	for (const part of word.parts) {
		if (part.kind === "literal") text += part.text;
		else if (part.kind === "variable") text += ` $${part.name} `;
		else text += part.raw;
	}
	return text;
}

function regionsOf(word: ShellWord, expressions: string[], values: Map<string, Value[]> | null): void {
	// Every region and default assignment starts with a `$`, and a dynamic part is written within its word: most words
	// hold none, and the test spares a loop over parts of three shapes (a slow, megamorphic read) on every unit.
	if (!word.raw.includes("$")) return;
	const parts = word.parts;
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i] as WordPart;
		if (part.kind !== "dynamic") continue;
		expressions.push(...arithmeticRegions(part.raw));
		if (values === null) continue;
		// SECURITY: `${x:=$(cat f)}` assigns x as it expands (`: ${x:=$(cat f)}; (( x ))`).
		for (const assigned of defaultAssignments(part.raw))
			record(values, assigned.name, assigned.numeric ? { kind: "number" } : { kind: "computed" });
	}
}

/** Follows the names an expression evaluates through this command's assignments; the reason for the first computed one. */
function reachedComputed(start: readonly string[], values: ReadonlyMap<string, readonly Value[]>): string | null {
	const seen = new Set<string>();
	const pending = [...start];
	while (pending.length > 0) {
		const name = pending.pop() as string;
		if (seen.has(name)) continue;
		seen.add(name);
		if (SHELL_SET_VARIABLES.get(name) === "text")
			return `arithmetic over \`${name}\`, which bash sets at run time, can run the commands it holds`;
		for (const value of values.get(name) ?? []) {
			if (value.kind === "computed")
				return `arithmetic over \`${name}\`, a value computed in this command, can run the commands it holds`;
			if (value.kind === "names") pending.push(...value.names);
		}
	}
	return null;
}
