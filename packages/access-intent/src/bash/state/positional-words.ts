/**
 * Owns: a word read with the positional parameters of Pi's `bash -c` (none, ADR 0039): `$1`…`$9`, `$@`, `$*` and
 * their slices expand to nothing, `$#` to `0`, `${1:-w}` to its literal default `w`.
 * Never: decides where the parameters are empty (the caller knows a function's or a payload's are not), or reads any
 * other expansion.
 */
import type { ShellWord, WordPart } from "../reading/shell-word";

/** `$1`, `${2}`, `$@`, `${*}`, `${@:2}`, `${*:1:2}`: nothing when there are no positional parameters. */
const EMPTY = /^\$(?:[1-9@*]|\{(?:[1-9]|[@*](?::\d+(?::\d+)?)?)\})$/;
/** `$#`, `${#}`, `${#1}`, `${#@}`: the count (or a length) of nothing. */
const ZERO = /^\$(?:#|\{#(?:[1-9@*])?\})$/;
/** `${1:-w}`, `${1-w}`: the default, when it is plain text that neither splits nor globs. */
const DEFAULTED = /^\$\{[1-9]:?-([^$`"'\\{}\s*?[\]]*)\}$/;
/** `${1:+w}`, `${1+w}`: nothing, as the parameter is unset. */
const ALTERNATE = /^\$\{[1-9]:?\+[^}]*\}$/;

/** The word with each positional expansion replaced by its value when there are no positional parameters. */
export function withEmptyPositionals(word: ShellWord): ShellWord {
	let changed = false;
	const parts = word.parts.map((part): WordPart => {
		if (part.kind !== "dynamic") return part;
		const text = emptyPositionalValue(part.raw);
		if (text === null) return part;
		changed = true;
		return { kind: "literal", text, globActive: false };
	});
	return changed ? { raw: word.raw, parts } : word;
}

/** The text a positional expansion `raw` takes with no positional parameters, or `null` for any other expansion. */
export function emptyPositionalValue(raw: string): string | null {
	if (EMPTY.test(raw) || ALTERNATE.test(raw)) return "";
	if (ZERO.test(raw)) return "0";
	const defaulted = DEFAULTED.exec(raw);
	return defaulted === null ? null : (defaulted[1] as string);
}
