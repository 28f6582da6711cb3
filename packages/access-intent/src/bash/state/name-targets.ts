/**
 * Owns: which words of a unit name a variable that bash will set (`read NAME`, `printf -v NAME`, `declare NAME=…`,
 * `for NAME in …`), read from the option grammars of `shell-state-table.ts`.
 * Never: decides; the rebinding guard and the arithmetic check ask these questions of the same units.
 */
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, type ShellWord } from "../reading/shell-word";
import { DECLARATION_BUILTINS, NAME_TAKING_BUILTINS } from "./shell-state-table";

/** A word bash reads as a variable name (with an optional `[subscript]`, and `=value` for declarations). */
export interface NameTarget {
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
	const grammar = NAME_TAKING_BUILTINS.get(name);
	if (grammar === undefined) return NO_TARGETS;
	const targets: NameTarget[] = [];
	const operands: ShellWord[] = [];
	let options = true;
	for (let i = 0; i < unit.args.length; i++) {
		const word = unit.args[i] as ShellWord;
		const text = literalWordText(word);
		if (options && text === "--") {
			options = false;
			continue;
		}
		if (!options || text === null || !text.startsWith("-") || text === "-") {
			options = false;
			operands.push(word);
			continue;
		}
		for (let k = 1; k < text.length; k++) {
			const letter = text[k] as string;
			if (!grammar.optionsWithArgument.includes(letter)) continue;
			const attached = text.slice(k + 1);
			const target = grammar.targetOptions.includes(letter);
			if (attached !== "") {
				if (target)
					targets.push({
						word: { raw: attached, parts: [{ kind: "literal", text: attached, globActive: false }] },
						literal: attached,
					});
			} else {
				const next = unit.args[i + 1];
				if (next !== undefined && target) targets.push(targetOf(next));
				i++;
			}
			break;
		}
	}
	const picked =
		grammar.operands === "all"
			? operands
			: grammar.operands === "first"
				? operands.slice(0, 1)
				: grammar.operands === "second"
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
