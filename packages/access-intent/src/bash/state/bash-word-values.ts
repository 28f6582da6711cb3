/**
 * Owns: the concrete texts a shell word can take given what is known of its variables, with glob activity per piece
 * (defaults, case modification, substrings, literal trims and substitutions computed exactly), and the literal
 * spelling kept for whatever cannot be resolved.
 * Never: guesses a value; an unknown variable or a dynamic part yields the unresolved spelling instead.
 */
import type { ShellWord, WordPart } from "../reading/shell-word";
import { expandBraces } from "./brace-expansion";

/** What a variable may hold at a point of the command: literal values, and whether some other value is possible. */
export interface VariableValues {
	readonly known: readonly string[];
	readonly unknown: boolean;
}

export type VariableLookup = (name: string) => VariableValues;

/** A run of characters of one resolved value; `active` marks unquoted glob characters in it. */
export interface ValuePiece {
	readonly text: string;
	readonly active: boolean;
}

interface WordValue {
	readonly text: string;
	readonly pieces: readonly ValuePiece[];
	/** True when an unquoted variable contributed whitespace, so bash splits the value into several words. */
	readonly splits: boolean;
}

interface ResolvedWord {
	readonly values: readonly WordValue[];
	/** The word spelled with `$NAME` / raw dynamic parts, when some possible value is unknown; else `null`. */
	readonly unresolved: string | null;
	/** The literal text before the first variable or dynamic part (`/etc/` of `/etc/$X`). */
	readonly literalPrefix: string;
}

/** A word expands to at most this many combinations; beyond it the rest is reported as unresolved. */
const MAX_WORD_VALUES = 16;

const GLOB_CHAR = /[*?[]/;

export function resolveWord(word: ShellWord, lookup: VariableLookup): ResolvedWord {
	// `comm <(sort a) <(sort b)`: a whole-word process substitution is a pipe bash names `/dev/fd/N`, no file; the
	// commands inside are units of their own (ADR 0031).
	if (isProcessSubstitution(word)) return { values: [], unresolved: null, literalPrefix: "" };
	const braced = resolveBraceWord(word);
	if (braced !== null) return braced;
	const only = word.parts.length === 1 ? (word.parts[0] as WordPart) : null;
	if (only !== null && only.kind === "variable") return resolveVariableWord(only, lookup);
	let combos: { pieces: ValuePiece[]; splits: boolean }[] = [{ pieces: [], splits: false }];
	let spelled = "";
	let unresolved = false;
	let literalPrefix = "";
	let inPrefix = true;
	for (const part of word.parts) {
		if (part.kind !== "literal") inPrefix = false;
		switch (part.kind) {
			case "literal": {
				if (inPrefix) literalPrefix += part.text;
				spelled += part.text;
				const piece = { text: part.text, active: part.globActive && GLOB_CHAR.test(part.text) };
				for (const combo of combos) combo.pieces.push(piece);
				break;
			}
			case "variable":
			case "dynamic": {
				const defaulted = part.kind === "dynamic" ? parameterValues(part.raw, lookup) : null;
				spelled += part.kind === "variable" ? `$${part.name}` : part.raw;
				if (part.kind === "dynamic" && defaulted === null) {
					unresolved = true;
					combos = [];
					break;
				}
				const values = part.kind === "variable" ? lookup(part.name) : (defaulted as VariableValues);
				const quoted = part.kind === "variable" && part.quoted;
				if (values.unknown) unresolved = true;
				const next: { pieces: ValuePiece[]; splits: boolean }[] = [];
				for (const combo of combos) {
					for (const value of values.known) {
						if (next.length >= MAX_WORD_VALUES) {
							unresolved = true;
							break;
						}
						const active = !quoted && GLOB_CHAR.test(value);
						const splits = combo.splits || (!quoted && /\s/.test(value));
						next.push({ pieces: [...combo.pieces, { text: value, active }], splits });
					}
				}
				combos = next;
				break;
			}
			default: {
				const unhandled: never = part;
				throw new Error(`unhandled word part ${String(unhandled)}`);
			}
		}
	}
	const values = combos.map((combo) => ({
		text: combo.pieces.map((piece) => piece.text).join(""),
		pieces: combo.pieces,
		splits: combo.splits,
	}));
	return { values, unresolved: unresolved ? spelled : null, literalPrefix };
}

/**
 * `"$f"`, `$f`: a word that is one variable, the most common computed word (loop variables, assigned names). What the
 * general combination below yields for it, without its arrays of combinations.
 */
function resolveVariableWord(part: Extract<WordPart, { kind: "variable" }>, lookup: VariableLookup): ResolvedWord {
	const values = lookup(part.name);
	const out: WordValue[] = [];
	let unresolved = values.unknown;
	for (const value of values.known) {
		if (out.length >= MAX_WORD_VALUES) {
			unresolved = true;
			break;
		}
		const active = !part.quoted && GLOB_CHAR.test(value);
		out.push({ text: value, pieces: [{ text: value, active }], splits: !part.quoted && /\s/.test(value) });
	}
	return { values: out, unresolved: unresolved ? `$${part.name}` : null, literalPrefix: "" };
}

function isProcessSubstitution(word: ShellWord): boolean {
	const only = word.parts.length === 1 ? word.parts[0] : undefined;
	return only?.kind === "dynamic" && /^[<>]\(/.test(only.raw) && only.raw.endsWith(")") && word.raw === only.raw;
}

/** True when some piece carries an active glob character. */
export function hasActiveGlob(value: WordValue): boolean {
	return piecesHaveActiveGlob(value.pieces);
}

export function piecesHaveActiveGlob(pieces: readonly ValuePiece[]): boolean {
	for (let i = 0; i < pieces.length; i++) if ((pieces[i] as ValuePiece).active) return true;
	return false;
}

/** A word that is one plain brace expression (`/etc/{passwd,shadow}`) takes each expanded word as a value. */
function resolveBraceWord(word: ShellWord): ResolvedWord | null {
	const only = word.parts.length === 1 ? word.parts[0] : undefined;
	if (only?.kind !== "dynamic") return null;
	const words = expandBraces(only.raw);
	if (words === null) return null;
	// SECURITY: `cat /etc/{passwd,shadow}` touches both files; each expanded word is a candidate like a literal one.
	const values = words.map((text) => ({ text, pieces: [{ text, active: GLOB_CHAR.test(text) }], splits: false }));
	return { values, unresolved: null, literalPrefix: "" };
}

const PARAMETER_DEFAULT = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-=+])([^$`"'\\{}]*)\}$/;
const NON_ASCII = /[^\p{ASCII}]/u;
/** `${X,,}`, `${X^^}`, `${X,}`, `${X^}`: case modification of the whole value or its first character. */
const CASE_MODIFICATION = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(,,|\^\^|,|\^)\}$/;
/** `${X:2}`, `${X:1:3}`, `${X: -2}`: a substring with literal integer bounds. */
const SUBSTRING = /^\$\{([A-Za-z_][A-Za-z0-9_]*):( ?-?\d+|\d+)(?::( ?-?\d+))?\}$/;
/** `${X#p}`, `${X%%p}`, `${X/p/r}`, `${X//p/r}` with a pattern and replacement free of glob and quoting characters. */
const TRIM = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(##?|%%?)([^$`"'\\{}*?[\]]+)\}$/;
const REPLACE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\/(\/?)([^$`"'\\{}*?[\]/#%&]+)\/([^$`"'\\{}*?[\]/&]*)\}$/;

/** The values of a dynamic part this module can compute exactly from the variable's values, or `null`. */
function parameterValues(raw: string, lookup: VariableLookup): VariableValues | null {
	const defaulted = parameterDefault(raw, lookup);
	if (defaulted !== null) return defaulted;
	const transform = parameterTransform(raw);
	if (transform === null) return null;
	const current = lookup(transform.name);
	const known: string[] = [];
	for (const value of current.known) {
		const next = transform.apply(value);
		if (next === null) return { known: [], unknown: true };
		if (!known.includes(next)) known.push(next);
	}
	return { known, unknown: current.unknown };
}

/** A transform of one value (`null` when bash's result is not modelled exactly for it). */
function parameterTransform(raw: string): { name: string; apply: (value: string) => string | null } | null {
	const cased = CASE_MODIFICATION.exec(raw);
	if (cased !== null) {
		const op = cased[2] as string;
		const upper = op.startsWith("^");
		const change = (text: string) => (upper ? text.toUpperCase() : text.toLowerCase());
		// Outside ASCII, bash's per-character case mapping and JavaScript's (`ß` -> `SS`) differ: not modelled.
		return {
			name: cased[1] as string,
			apply: (v) => (NON_ASCII.test(v) ? null : op.length === 2 ? change(v) : change(v.slice(0, 1)) + v.slice(1)),
		};
	}
	const sub = SUBSTRING.exec(raw);
	if (sub !== null) {
		const offset = Number((sub[2] as string).trim());
		const length = sub[3] === undefined ? null : Number(sub[3].trim());
		return { name: sub[1] as string, apply: (v) => substring([...v], offset, length) };
	}
	const trim = TRIM.exec(raw);
	if (trim !== null) {
		const [, name, op, pattern] = trim as unknown as [string, string, string, string];
		const prefix = op.startsWith("#");
		return {
			name,
			apply: (v) =>
				prefix
					? v.startsWith(pattern)
						? v.slice(pattern.length)
						: v
					: v.endsWith(pattern)
						? v.slice(0, -pattern.length)
						: v,
		};
	}
	const replace = REPLACE.exec(raw);
	if (replace !== null) {
		const [, name, all, pattern, replacement] = replace as unknown as [string, string, string, string, string];
		return {
			name,
			apply: (v) => (all === "/" ? v.split(pattern).join(replacement) : v.replace(pattern, () => replacement)),
		};
	}
	return null;
}

/** `${X:offset:length}` over characters; `null` for a negative length reaching before the offset (an error in bash). */
function substring(chars: readonly string[], offset: number, length: number | null): string | null {
	const start = offset < 0 ? chars.length + offset : offset;
	if (start < 0 || start > chars.length) return "";
	const end = length === null ? chars.length : length < 0 ? chars.length + length : start + length;
	if (end < start) return null;
	return chars.slice(start, end).join("");
}

/**
 * `${X:-w}`, `${X-w}`, `${X:=w}`, `${X=w}` may be X's value or `w`; `${X:+w}`, `${X+w}` are `w` or empty.
 * `null` for any other dynamic part.
 */
function parameterDefault(raw: string, lookup: VariableLookup): VariableValues | null {
	const match = PARAMETER_DEFAULT.exec(raw);
	if (!match) return null;
	const [, name, operator, word] = match as unknown as [string, string, string, string];
	if (operator.endsWith("+")) return { known: [word, ""], unknown: false };
	const current = lookup(name);
	// SECURITY: `${X:-/etc/shadow}` touches /etc/shadow whenever X is unset; the default is always a possible value.
	return { known: [...current.known.filter((value) => value !== word), word], unknown: current.unknown };
}
