/**
 * Owns: splitting an option string a program reads from the environment (`NODE_OPTIONS`, `TAR_OPTIONS`,
 * `GREP_OPTIONS`) into the words the program reads, by that program's own quoting rules.
 * Never: knows an option; the words go to the program's grammar (`options/environment-grammars/`) like command-line words.
 */

/**
 * How a program splits its option string.
 * - `node`: node's own tokenizer (`ParseNodeOptionsEnvVar`): words end at a space (only a space); a double quote
 *   opens or closes a string and is removed wherever it stands (`--im""port` is `--import`); inside a string a
 *   backslash takes the next character as it is; a single quote is an ordinary character.
 * - `shell-quotes`: the quoting GNU tar applies to `TAR_OPTIONS` (and what older greps read `GREP_OPTIONS` by, or
 *   less): words end at blanks; single quotes keep everything, double quotes keep all but `\\`-escapes, a backslash
 *   outside quotes takes the next character; no expansion (`$X` stays text). Reading more quotes than the program
 *   does only ever finds more options, never fewer.
 */
type OptionStringSplitting = "node" | "shell-quotes";

/** The words of `text` as the program reads them, or `null` when its quoting is unterminated (the program refuses it). */
export function optionStringWords(text: string, splitting: OptionStringSplitting): readonly string[] | null {
	switch (splitting) {
		case "node":
			return nodeWords(text);
		case "shell-quotes":
			return shellQuotedWords(text);
		default: {
			const unhandled: never = splitting;
			throw new Error(`unhandled option string splitting ${String(unhandled)}`);
		}
	}
}

function nodeWords(text: string): readonly string[] | null {
	const words: string[] = [];
	let current: string | null = null;
	let inString = false;
	for (let at = 0; at < text.length; at++) {
		let char = text[at] as string;
		if (char === "\\" && inString) {
			if (at + 1 === text.length) return null;
			char = text[++at] as string;
		} else if (char === " " && !inString) {
			if (current !== null) words.push(current);
			current = null;
			continue;
		} else if (char === '"') {
			// SECURITY: node drops the quote and keeps reading the same word (`--im""port=…`, N1-nodeopt-quote-split).
			inString = !inString;
			current ??= "";
			continue;
		}
		current = (current ?? "") + char;
	}
	if (inString) return null;
	if (current !== null) words.push(current);
	return words;
}

const BLANK = /[ \t\n]/;

function shellQuotedWords(text: string): readonly string[] | null {
	const words: string[] = [];
	let current: string | null = null;
	let quote: "'" | '"' | null = null;
	for (let at = 0; at < text.length; at++) {
		const char = text[at] as string;
		if (quote === "'") {
			if (char === "'") quote = null;
			else current += char;
			continue;
		}
		if (quote === '"') {
			if (char === '"') quote = null;
			else if (char === "\\" && at + 1 < text.length && /["\\$`\n]/.test(text[at + 1] as string))
				current += text[++at] as string;
			else current += char;
			continue;
		}
		if (BLANK.test(char)) {
			if (current !== null) words.push(current);
			current = null;
			continue;
		}
		current ??= "";
		if (char === "'" || char === '"') quote = char;
		else if (char === "\\") {
			if (at + 1 === text.length) return null;
			current += text[++at] as string;
		} else current += char;
	}
	if (quote !== null) return null;
	if (current !== null) words.push(current);
	return words;
}
