/**
 * Owns: the word-level rewrites and tests the path walk applies before resolving a word: `$(pwd)` read as `$PWD`, a
 * lone positional parameter, `IFS` field splitting, a tilde prefix replaced in a word's glob pieces, and a word led
 * by a directory variable.
 * Never: resolves a word or reads the shell state; `path-candidates.ts` decides what each answer means.
 */

import type { ShellWord } from "../reading/shell-word";
import type { ValuePiece } from "../state/bash-word-values";
import { CURRENT_DIRECTORY, POSITIONAL } from "../state/environment-words";

/** `$(pwd)/x`, `` `pwd`/x ``: the substitution is the shell's directory, read as an unquoted `$PWD`. */
export function pwdAsVariable(word: ShellWord): ShellWord {
	if (!word.parts.some((part) => part.kind === "dynamic" && CURRENT_DIRECTORY.test(part.raw))) return word;
	const parts = word.parts.map((part) =>
		part.kind === "dynamic" && CURRENT_DIRECTORY.test(part.raw)
			? { kind: "variable" as const, name: "PWD", quoted: false }
			: part,
	);
	return { raw: word.raw, parts };
}

/** `$1`, `"$@"`, `${2}`: a whole word that is one positional parameter. */
export function isEmptyPositional(word: ShellWord): boolean {
	const only = word.parts.length === 1 ? word.parts[0] : undefined;
	return only?.kind === "dynamic" && POSITIONAL.test(only.raw) && !only.raw.includes("#");
}

/** `IFS` field splitting of `text` at any character of `chars` (empty fields dropped). */
export function splitFields(text: string, chars: string): string[] {
	const fields: string[] = [];
	let field = "";
	for (const ch of text) {
		if (chars.includes(ch)) {
			fields.push(field);
			field = "";
		} else field += ch;
	}
	fields.push(field);
	return fields;
}

/** The glob pieces of a word whose first `cut` characters (a tilde prefix) became `value`, which never globs. */
export function replacePrefix(
	pieces: readonly ValuePiece[] | null,
	cut: number,
	value: string,
): readonly ValuePiece[] | null {
	if (pieces === null) return null;
	const out: ValuePiece[] = [{ text: value, active: false }];
	let skip = cut;
	for (const piece of pieces) {
		if (skip >= piece.text.length) {
			skip -= piece.text.length;
			continue;
		}
		out.push(skip === 0 ? piece : { text: piece.text.slice(skip), active: piece.active });
		skip = 0;
	}
	return out;
}

/** Variables that hold a directory the shell moved to (or home): a word led by an unresolved one is at no known place. */
const DIRECTORY_VARIABLES: ReadonlySet<string> = new Set(["PWD", "OLDPWD", "HOME", "DIRSTACK"]);

export function startsAtUnknownDirectory(word: ShellWord): boolean {
	const first = word.parts[0];
	return first !== undefined && first.kind === "variable" && DIRECTORY_VARIABLES.has(first.name);
}
