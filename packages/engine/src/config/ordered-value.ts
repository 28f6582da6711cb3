/**
 * Owns: `OrderedValue`, a parsed config value whose objects keep the order keys were written in, the parser-neutral
 * `ParsedDocument`, and the conversion to plain objects for validation.
 * Never: parses text or validates; the JSONC and frontmatter readers build these values.
 */

/** A JSON-like value; objects are `Map`s, so number-like keys keep their written place. */
export type OrderedValue = string | number | boolean | null | readonly OrderedValue[] | OrderedObject;

export type OrderedObject = ReadonlyMap<string, OrderedValue>;

/** Configs nest four levels deep; anything past this is hostile or a mistake and fails closed. */
export const MAX_CONFIG_DEPTH = 32;

/** At most this many parse errors are listed: after the first few, a parser's recovery mostly reports echoes. */
export const MAX_SYNTAX_PROBLEMS = 5;

/** One problem that keeps a file from parsing, at a character offset of the file's text. */
export interface SyntaxProblem {
	readonly offset: number;
	readonly message: string;
	readonly hint: string;
}

/** A file that parsed: its value and a way to find where a key path sits in the text. */
export interface ParsedDocument {
	readonly value: OrderedValue;
	/** The character offset (in the whole file) of the deepest part of `keyPath` present, or `null`. */
	locate(keyPath: readonly (string | number)[]): number | null;
}

export function isOrderedObject(value: OrderedValue | undefined): value is OrderedObject {
	return value instanceof Map;
}

/**
 * The plain value `validateConfig` checks. `Object.fromEntries` defines every key as an own property, so a
 * `__proto__` key stays a key (and is then rejected) instead of replacing the prototype.
 * INVARIANT: callers pass values no deeper than `MAX_CONFIG_DEPTH`; the readers check it.
 */
export function toPlainValue(value: OrderedValue): unknown {
	if (value instanceof Map) {
		return Object.fromEntries([...value].map(([key, inner]) => [key, toPlainValue(inner)]));
	}
	if (Array.isArray(value)) return value.map(toPlainValue);
	return value;
}
