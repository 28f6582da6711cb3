/**
 * Owns: what GNU parallel runs for its command words (ADR 0038): the words joined with spaces and read by a shell,
 * each replacement string (`{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{3}`, …) filled with the input quoted
 * for that shell, and the input appended, quoted, when no word holds one; read as those very words when every word
 * is plain text, so the shell splits the joined text back into them.
 * Never: reads a word that holds shell syntax, a quote, a glob, a tilde or a perl replacement (`{= … =}`): the
 * joined text would then be code or other words, so what runs is unknown.
 */

import { literalWordText } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";
import type { Execution } from "./option-effects";

/** GNU parallel's replacement strings (20221122): `{}` and its path forms, the job and slot numbers, positional. */
const REPLACEMENT = /\{(?:|\.|\/|\/\/|\/\.|#|%|[1-9][0-9]*(?:\.|\/|\/\/|\/\.)?)\}/g;

/** Characters that are plain text to every shell in every position of a word (no `~`: it expands at a word start). */
const PLAIN_TEXT = /^[\w./:=@+,%-]*$/;

/**
 * `parallel echo Directory: {}`, `parallel -j100 wget https://x/page{}.html`, `parallel bzip2`: the words, whose
 * replacement strings are filled in at run time (`{` marks them) and, with none, the input appended; `null` when a
 * word is computed, empty, not plain text, or the command name holds a replacement string.
 */
export function composedWords(words: readonly WordRef[]): readonly Execution[] | null {
	if (words.length === 0) return null;
	let replaced = false;
	for (const [index, ref] of words.entries()) {
		const text = literalWordText(ref.word);
		if (text === null || text === "") return null;
		const rest = text.replace(REPLACEMENT, "");
		if (rest !== text) {
			if (index === 0) return null;
			replaced = true;
		}
		if (!PLAIN_TEXT.test(rest)) return null;
	}
	return [{ kind: "words", words, markers: ["{"], appended: !replaced }];
}
