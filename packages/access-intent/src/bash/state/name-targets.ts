/**
 * Owns: which words of a unit name a variable that bash will set (`read NAME`, `printf -v NAME`, `declare NAME=…`,
 * `for NAME in …`), read by the option grammars of `shell-state-table.ts`.
 * Never: decides; the rebinding guard and the arithmetic check ask these questions of the same units.
 */
import { scanOptions } from "../options/option-scanner";
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, literalWordTexts, type ShellWord } from "../reading/shell-word";
import { DECLARATION_BUILTINS, NAME_TAKING_BUILTINS } from "./shell-state-table";

/** A word bash reads as a variable name (with an optional `[subscript]`, and `=value` for declarations). */
interface NameTarget {
	readonly word: ShellWord;
	/** The word's literal text, `null` when it is computed. */
	readonly literal: string | null;
}

/** Shared by the units that set no variable by word: most of them, asked by two floors on every call. */
const NO_TARGETS: readonly NameTarget[] = Object.freeze([]);

/** The words of `unit` that name a variable it sets; empty for a unit that sets none by word. */
export function nameTargets(unit: CommandUnit): readonly NameTarget[] {
	const name = unit.commandName;
	if (name === null) return NO_TARGETS;
	if (DECLARATION_BUILTINS.has(name)) return declarationTargets(unit);
	const builtin = NAME_TAKING_BUILTINS.get(name);
	if (builtin === undefined) return NO_TARGETS;
	const scan = scanOptions(literalWordTexts(unit.args), builtin.grammar);
	const targets: NameTarget[] = [];
	for (const option of scan.options) {
		const value = option.value;
		if (value === null || !builtin.targetOptions.includes(option.name.slice(1))) continue;
		targets.push(
			value.kind === "text"
				? {
						word: { raw: value.text, parts: [{ kind: "literal", text: value.text, globActive: false }] },
						literal: value.text,
					}
				: targetOf(unit.args[value.index] as ShellWord),
		);
	}
	const operands = scan.operands.map((index) => unit.args[index] as ShellWord);
	const picked =
		builtin.operands === "all"
			? operands
			: builtin.operands === "first"
				? operands.slice(0, 1)
				: builtin.operands === "second"
					? operands.slice(1, 2)
					: [];
	for (const word of picked) targets.push(targetOf(word));
	return targets;
}

/** The option letters of a declaration unit (`declare -ai x` -> `ai`); `+i` turns an attribute off and is left out. */
export function declarationFlags(unit: CommandUnit): string {
	let flags = "";
	for (const word of unit.args) {
		const text = literalWordText(word);
		if (text?.startsWith("-")) flags += text.slice(1);
	}
	return flags;
}

/** The base variable name of a target's text: before any `[`, `+=` or `=`. */
export function baseName(text: string): string {
	const match = /^[^[=+]*/.exec(text);
	return match === null ? text : match[0];
}

function declarationTargets(unit: CommandUnit): readonly NameTarget[] {
	const targets: NameTarget[] = [];
	for (const word of unit.args) {
		const text = literalWordText(word);
		if (text !== null && (text.startsWith("-") || text.startsWith("+"))) continue;
		// `name="$(…)"` names a literal variable although its value is computed.
		const head = word.parts[0];
		const named = text === null && head?.kind === "literal" ? /^[A-Za-z_]\w*(?=\+?=)/.exec(head.text) : null;
		targets.push(named === null ? targetOf(word) : { word, literal: named[0] });
	}
	return targets;
}

function targetOf(word: ShellWord): NameTarget {
	return { word, literal: literalWordText(word) };
}
