/**
 * Owns: the concrete texts a shell word can take given what is known of its variables, with glob activity per piece,
 * and the literal spelling kept for whatever cannot be resolved.
 * Never: guesses a value; an unknown variable or a dynamic part yields the unresolved spelling instead.
 */
import type { ShellWord } from "../bash/shell-word";
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

export interface WordValue {
	readonly text: string;
	readonly pieces: readonly ValuePiece[];
	/** True when an unquoted variable contributed whitespace, so bash splits the value into several words. */
	readonly splits: boolean;
}

export interface ResolvedWord {
	readonly values: readonly WordValue[];
	/** The word spelled with `$NAME` / raw dynamic parts, when some possible value is unknown; else `null`. */
	readonly unresolved: string | null;
	/** The literal text before the first variable or dynamic part (`/etc/` of `/etc/$X`). */
	readonly literalPrefix: string;
}

/** A word expands to at most this many combinations; beyond it the rest is reported as unresolved. */
export const MAX_WORD_VALUES = 16;

const GLOB_CHAR = /[*?[]/;

export function resolveWord(word: ShellWord, lookup: VariableLookup): ResolvedWord {
	const braced = resolveBraceWord(word);
	if (braced !== null) return braced;
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
				const defaulted = part.kind === "dynamic" ? parameterDefault(part.raw, lookup) : null;
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

/** True when some piece carries an active glob character. */
export function hasActiveGlob(value: WordValue): boolean {
	return value.pieces.some((piece) => piece.active);
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
