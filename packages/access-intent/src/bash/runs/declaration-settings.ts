/**
 * Owns: the settings a declaration builtin makes from its argument words, which the parse does not read as
 * assignments (ADR 0051): `export "GIT_DIR=x"` and `export 'HOME'=h` (bash reads the word after quote removal), a
 * word whose name is computed (`export "$V"`, `declare $N=x`), and a reference `declare -n r=GIT_DIR`, through which
 * a later `r=x` sets `GIT_DIR`.
 * Never: classifies a variable (`environment-effects.ts` does) or decides how the settings reach a program
 * (`environment-reach.ts` does).
 */
import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { Setting } from "./environment-effects";

/** `NAME=value`, `NAME+=value`, `NAME[k]=value` as a declaration reads its word. */
const ASSIGNMENT_WORD = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=(.*)$/s;
/** The literal head of a computed word that still names its variable (`HOME="$PWD/h"`). */
const NAMED_HEAD = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=/;

/**
 * The settings of a declaration's argument words (not its parsed assignments): a literal `NAME=value` word, a computed
 * word that may spell one (its name unknown), nothing for an option word or a bare literal name (the parse reads that).
 */
export function declarationArgumentSettings(words: readonly ShellWord[]): readonly Setting[] {
	const settings: Setting[] = [];
	for (const word of words) {
		const text = literalWordText(word);
		if (text !== null) {
			if (text.startsWith("-") || text.startsWith("+")) continue;
			// SECURITY: `export "GIT_DIR=x"`, `export 'HOME'=h`: quoted, still an assignment once bash removes the quotes.
			const match = ASSIGNMENT_WORD.exec(text);
			if (match !== null) settings.push({ name: match[1] as string, value: match[2] as string });
			continue;
		}
		const head = word.parts[0];
		const named = head?.kind === "literal" ? NAMED_HEAD.exec(head.text) : null;
		// SECURITY: `export "$V"`, `export GIT_D${X}IR=x`: the word may spell any `NAME=value` when it runs.
		settings.push(
			named === null
				? { name: word.raw, value: null, computedName: true }
				: { name: named[1] as string, value: null, written: word.raw.slice(word.raw.indexOf("=") + 1) },
		);
	}
	return settings;
}

/**
 * `declare -n r=GIT_DIR`: a later `r=x` (or `export r=x`) sets the variable the reference names, out of sight, so the
 * reference is a setting of that variable to a value not known. A reference whose target is computed may name any.
 */
export function referenceSettings(targets: readonly (ShellWord | null)[]): readonly Setting[] {
	const settings: Setting[] = [];
	for (const target of targets) {
		if (target === null) continue;
		const text = literalWordText(target);
		const name = text === null ? null : /^[A-Za-z_][A-Za-z0-9_]*/.exec(text)?.[0];
		settings.push(
			name === null || name === undefined
				? { name: target.raw, value: null, computedName: true }
				: { name, value: null },
		);
	}
	return settings;
}
