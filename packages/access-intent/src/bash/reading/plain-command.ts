/**
 * Owns: the fast paths for the commonest commands: plain words (no quotes, expansions, globs, redirects) joined by
 * standalone `&&`, `||`, `;`, `|`, `&`, drafted without a tree walk, and the word ranges of one plain simple command
 * node, read from text so the walk skips its children. Differential tests hold both equal to the walk.
 * Never: guesses; any character or word outside its narrow grammar sends the command to tree-sitter.
 */
import type { UnitContext } from "./command-unit";
import { labelPlainControl } from "./control-labels";
import type { NestingLabel } from "./nesting-label";
import { RESERVED_NAMES } from "./node-vocabulary";
import { newDraft, type UnitDraft } from "./unit-draft";

/**
 * Characters that are literal in every position of an unquoted bash word and that tree-sitter-bash reads as one
 * plain word in every arrangement of three (`@`, `%`, `+` are not: the grammar errors on `a@b`, `a%b`, `a+:`).
 */
const PLAIN_WORD = /^[A-Za-z0-9_./:,=-]+$/;
/** A narrower set for the command name: tree-sitter-bash reads some of the others there differently (`a@b`). */
const PLAIN_NAME = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*$/;
/** Names the grammar turns into other nodes (declarations, `unset`) or that open constructs. */
const SPECIAL_NAMES: ReadonlySet<string> = new Set([
	...RESERVED_NAMES,
	"time",
	"coproc",
	"export",
	"declare",
	"local",
	"readonly",
	"typeset",
	"unset",
]);
/** Character codes of `PLAIN_WORD`, for the scanner of command nodes. */
const PLAIN_CODE: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
	PLAIN_WORD.test(String.fromCharCode(code)),
);
const NAME_START_CODE: readonly boolean[] = Array.from({ length: 128 }, (_, code) =>
	/[A-Za-z]/.test(String.fromCharCode(code)),
);
const NAME_CODE: readonly boolean[] = Array.from({ length: 128 }, (_, code) => /\w/.test(String.fromCharCode(code)));
const SEPARATORS: ReadonlySet<string> = new Set(["&&", "||", ";", "|", "&"]);

/** A space or tab (compared by code: a regular expression per character cost a tenth of a short command's check). */
function isBlank(code: number): boolean {
	return code === 32 || code === 9;
}

/** Drafts for `command` when it is in the plain grammar, otherwise `null`. */
export function plainCommandDrafts(
	command: string,
	context: UnitContext | null,
	nesting: readonly NestingLabel[],
): UnitDraft[] | null {
	const drafts: UnitDraft[] = [];
	/** `separators[k]` follows `drafts[k]`; a missing entry is the end of the command. */
	const separators: string[] = [];
	let current: UnitDraft | null = null;
	let i = 0;
	while (i < command.length) {
		if (isBlank(command.charCodeAt(i))) {
			i++;
			continue;
		}
		let end = i;
		while (end < command.length && !isBlank(command.charCodeAt(end))) end++;
		const token = command.slice(i, end);
		if (SEPARATORS.has(token)) {
			if (current === null) return null;
			separators.push(token);
			current = null;
		} else {
			// `==` and other words led by `=` read as test operators to the grammar.
			if (!PLAIN_WORD.test(token) || token.startsWith("=")) return null;
			const ref = {
				word: { raw: token, parts: [{ kind: "literal" as const, text: token, globActive: false }] },
				start: i,
				end,
				spans: [],
			};
			if (current === null) {
				// An assignment prefix or a reserved word changes the grammar: leave those to the tree.
				if (!PLAIN_NAME.test(token) || SPECIAL_NAMES.has(token)) return null;
				current = newDraft("simple", i, end, context, nesting);
				current.name = ref;
				drafts.push(current);
			} else {
				current.args.push(ref);
				current.end = end;
			}
		}
		i = end;
	}
	// A trailing `&` is a background job; any other trailing separator is a syntax error for the tree to report.
	const last = command.trimEnd();
	if (current === null && drafts.length > 0 && !last.endsWith("&")) return null;
	if (last.endsWith("&&")) return null;
	// tree-sitter-bash nests `a | b | c && d` oddly (a pipeline holding a list): such mixes are left to the tree.
	if (separators.includes("|") && (separators.includes("&&") || separators.includes("||"))) return null;
	labelPlainControl(drafts, separators, nesting.length);
	return drafts;
}

/**
 * The word ranges of the simple command node `source[start, end)` (name first) when its text is a plain name then
 * plain words separated by blanks, otherwise `null`: such a node's children are exactly those words, so the walk
 * drafts it from text instead of visiting them (a differential test holds this to the walk). A word is made of plain
 * characters, double-quoted runs of plain characters, spaces and `$NAME`s, and single-quoted runs of plain characters
 * and spaces: `word`, `string`, `raw_string` or `concatenation` nodes spanning exactly the word, which the walk reads
 * from text with no dynamic span. Unquoted `$NAME`s stay with the walk: tree-sitter-bash splits `$a.$b.$c` and
 * `$a$b$c.` into two arguments. `$_` is special, and no `$` may follow a quoted name.
 */
export function plainCommandWords(source: string, start: number, end: number): { start: number; end: number }[] | null {
	const words: { start: number; end: number }[] = [];
	for (let i = skipBlanks(source, start, end); i < end; i = skipBlanks(source, i, end)) {
		const wordStart = i;
		i = plainWordEnd(source, i, end);
		if (i < 0) return null;
		if (words.length === 0 && !isPlainName(source, wordStart, i)) return null;
		words.push({ start: wordStart, end: i });
	}
	return words.length === 0 ? null : words;
}

/** The first index from `i` (before `end`) that is not a space or a tab; `end` when there is none. */
export function skipBlanks(source: string, i: number, end: number): number {
	let at = i;
	while (at < end) {
		const code = source.charCodeAt(at);
		if (code !== 32 && code !== 9) break;
		at++;
	}
	return at;
}

/**
 * The end of the plain word (as `plainCommandWords` defines it) starting at `start`, which must not be a blank, or
 * -1 when the text there is no such word or the word does not end at a blank or at `end`.
 */
export function plainWordEnd(source: string, start: number, end: number): number {
	// `==` and other words led by `=` read as test operators to the grammar.
	if (source.charCodeAt(start) === 61 /* = */) return -1;
	let i = start;
	while (i < end) {
		const inner = source.charCodeAt(i);
		if (PLAIN_CODE[inner] === true) i++;
		else if (inner === 34 /* " */ || inner === 39 /* ' */) i = quotedEnd(source, i, end);
		else break;
		if (i < 0) return -1;
	}
	if (i === start || (i < end && source.charCodeAt(i) !== 32 && source.charCodeAt(i) !== 9)) return -1;
	return i;
}

/** True when `source[start, end)` may stand as a plain command name (no assignment, reserved or special word). */
export function isPlainName(source: string, start: number, end: number): boolean {
	const name = source.slice(start, end);
	return PLAIN_NAME.test(name) && !SPECIAL_NAMES.has(name);
}

/** The offset after the quoted run opening at `open`, or -1 when it holds anything but plain pieces. */
function quotedEnd(source: string, open: number, end: number): number {
	const quote = source.charCodeAt(open);
	let i = open + 1;
	while (i < end) {
		const code = source.charCodeAt(i);
		if (code === quote) return i + 1;
		if (PLAIN_CODE[code] === true || code === 32) i++;
		else if (code === 36 /* $ */ && quote === 34 && NAME_START_CODE[source.charCodeAt(i + 1)] === true) {
			i += 2;
			while (NAME_CODE[source.charCodeAt(i)] === true) i++;
			if (source.charCodeAt(i) === 36) return -1;
		} else return -1;
	}
	return -1;
}
