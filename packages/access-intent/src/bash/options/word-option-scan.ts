/**
 * Owns: reading a unit's shell words (not only their texts) by an `OptionGrammar`: their literal texts, and whether
 * a computed word may expand to an option (`$X`, `"$X"`, `--pre=$X`) where the grammar must not guess at one.
 * Never: expands a word; a word led by literal text without a dash (or a process substitution) is never an option.
 */
import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import type { OptionGrammar } from "./option-grammar";
import { type ArgTexts, type OptionScan, scanOptions } from "./option-scanner";

/** A word a computed value may turn into an option (`$X`, `"$X"`, `--pre=$X`). */
export function startsLikeOption(word: ShellWord): boolean {
	const first = word.parts[0];
	// A process substitution (`sort <(…)`) expands to a `/dev/fd/N` path, never to an option.
	if (first?.kind === "dynamic" && /^[<>]\(/.test(first.raw)) return false;
	return first === undefined || first.kind !== "literal" || first.text === "" || first.text.startsWith("-");
}

/** The literal texts of `refs` (`null` for a computed word), by index. */
export function refTexts(refs: readonly WordRef[]): ArgTexts {
	const texts: (string | null)[] = new Array(refs.length);
	for (let index = 0; index < refs.length; index++) texts[index] = literalWordText((refs[index] as WordRef).word);
	return texts;
}

/** Reads `refs` by `grammar`; a computed word is option-like when `startsLikeOption` says so. */
export function scanWords(refs: readonly WordRef[], grammar: OptionGrammar, texts = refTexts(refs)): OptionScan {
	return scanOptions(texts, grammar, (index) => startsLikeOption((refs[index] as WordRef).word));
}
