/**
 * Owns: the structured form of one shell word (argument, redirect target, assignment value) as the
 * parser saw it: literal pieces, variable references and dynamic pieces, with glob activity marked.
 * Never: resolves variables or touches the file system; consumers decide what a part means.
 */

export type WordPart =
	/** Literal characters after quote and backslash removal. `globActive` is true when unquoted `*`, `?` or `[` appear. */
	| { readonly kind: "literal"; readonly text: string; readonly globActive: boolean }
	/** `$NAME` / `${NAME}` with no operator; `quoted` is true inside double quotes. */
	| { readonly kind: "variable"; readonly name: string; readonly quoted: boolean }
	/** Anything whose value is only known at run time: `$(…)`, backticks, `$((…))`, `${x:-…}`, `$@`, brace expansion, … */
	| { readonly kind: "dynamic"; readonly raw: string };

export interface ShellWord {
	/** The word exactly as written in the source. */
	readonly raw: string;
	readonly parts: readonly WordPart[];
}

/** The word's text when it is made only of literal parts, otherwise `null`. */
export function literalWordText(word: ShellWord): string | null {
	const parts = word.parts;
	// Most words are one part: no loop, no string built (this runs several times per word on every call).
	if (parts.length === 1) {
		const only = parts[0] as WordPart;
		return only.kind === "literal" ? only.text : null;
	}
	let text = "";
	for (const part of parts) {
		if (part.kind !== "literal") return null;
		text += part.text;
	}
	return text;
}

/**
 * `literalWordText` of each word, by an indexed loop: a unit's words are a frozen array, and `map` over one costs
 * several times as much per word, on every unit of every call.
 */
export function literalWordTexts(words: readonly ShellWord[]): (string | null)[] {
	const texts: (string | null)[] = [];
	for (let i = 0; i < words.length; i++) texts.push(literalWordText(words[i] as ShellWord));
	return texts;
}

/** The word's text when it is made only of literal parts without an active glob (its one value), otherwise `null`. */
export function unglobbedLiteralText(word: ShellWord): string | null {
	const parts = word.parts;
	if (parts.length === 1) {
		const only = parts[0] as WordPart;
		return only.kind === "literal" && !only.globActive ? only.text : null;
	}
	let text = "";
	for (const part of parts) {
		if (part.kind !== "literal" || part.globActive) return null;
		text += part.text;
	}
	return text;
}
