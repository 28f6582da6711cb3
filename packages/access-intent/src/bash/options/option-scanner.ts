/**
 * Owns: reading one command's argument words by an `OptionGrammar` into one result: the options given (canonical
 * name, spelling as written, value, word index), the operands, where the words after the options start, and whether
 * the reading is uncertain and why.
 * Never: knows what an option means, or guesses: what the grammar's rules leave open is reported as uncertain.
 */
import type { OptionGrammar, OptionSpec } from "./option-grammar";

/** The literal text of each argument word, `null` for a word that is not a literal (variable, substitution, …). */
export type ArgTexts = readonly (string | null)[];

/** Where an option's value is: a word (by index) or text written in the option's own word. */
export type OptionValue =
	| { readonly kind: "word"; readonly index: number }
	| { readonly kind: "text"; readonly text: string };

export interface ScannedOption {
	/** The canonical name the grammar gives it (`--output` for `--outp`), or the spelling of an unknown option. */
	readonly name: string;
	/** The spelling as written, without an attached value: `-o` (also inside `-vo`), `--outp`, `-10`, `-`. */
	readonly written: string;
	/** The value, attached or the next word; `null` for none (a flag, or a value the words ran out before). */
	readonly value: OptionValue | null;
	/** Further value words of an option taking several (`jq --arg NAME VALUE`). */
	readonly moreValues: readonly number[];
	/** The index of the option's word. */
	readonly index: number;
	/** False for an option the grammar does not list (read as a flag by a permissive grammar). */
	readonly known: boolean;
}

/** Why a reading stopped before the end of the words. */
type UncertainReason =
	| "unknown-option"
	| "uncertain-option"
	| "missing-value"
	| "computed-word"
	| "ambiguous-abbreviation";

interface Uncertainty {
	readonly reason: UncertainReason;
	/** The word the reading stopped at. */
	readonly index: number;
}

export interface OptionScan {
	/** The options in the order written. */
	readonly options: readonly ScannedOption[];
	/** The operand words, in order (a computed word read as an operand included). */
	readonly operands: readonly number[];
	/**
	 * The first word after the options: the first operand of a grammar that stops at one (the command a wrapper
	 * runs), the word after `--`, or the number of words when none follows.
	 */
	readonly rest: number;
	/** The index of the `--` that ended the options, or `null`. */
	readonly endOfOptions: number | null;
	/** Why the reading stopped, or `null` when every word was read; the words from `index` on are not read. */
	readonly uncertain: Uncertainty | null;
}

const DASH = 45;
const PLUS = 43;
// Shared empty lists, typed read-only and not frozen: V8 iterates a frozen array off its fast path (docs/benchmarks.md).
const NO_VALUES: readonly number[] = [];
const NO_OPTIONS: readonly ScannedOption[] = [];
const NO_OPERANDS: readonly number[] = [];
const NO_SPELLINGS: readonly string[] = [];

/**
 * Reads `texts` by `grammar`. `optionLike(i)` answers, for a computed word, whether its expansion may start with a
 * dash; it is asked only under `computed: "uncertain-if-option-like"` (absent, every computed word may). Never throws.
 */
export function scanOptions(
	texts: ArgTexts,
	grammar: OptionGrammar,
	optionLike?: (index: number) => boolean,
): OptionScan {
	const reading = grammar.reading;
	const scan = new Scan(texts, grammar);
	// Most commands start with an operand (`git status`, `tmux ls`): a grammar that stops there has read them all.
	const first = texts[0];
	if (
		reading.order === "stop-at-operand" &&
		first !== undefined &&
		first !== null &&
		(first.length < 2 || first.charCodeAt(0) !== DASH) &&
		!(first === "-" && reading.loneDash === "option") &&
		!reading.bundledFirstWord &&
		!(reading.plusOptions && first.length > 1 && first.charCodeAt(0) === PLUS)
	) {
		scan.rest = 0;
		scan.tail = 0;
		return scan;
	}
	let index = 0;
	if (reading.bundledFirstWord && first !== undefined && first !== null && /^[A-Za-z]+$/.test(first)) {
		index = bundle(scan, first);
		if (scan.uncertain !== null) return scan;
	}
	while (index < texts.length) {
		if (scan.tail >= 0) break;
		const text = texts[index] ?? null;
		if (text === null) {
			if (
				reading.computed === "uncertain" ||
				(reading.computed === "uncertain-if-option-like" && (optionLike?.(index) ?? true))
			) {
				stop(scan, "computed-word", index);
				break;
			}
			operand(scan, index++);
			continue;
		}
		if (reading.plusOptions && text.length > 1 && text.charCodeAt(0) === PLUS) {
			index = cluster(scan, text, index, "+");
			if (scan.uncertain !== null) break;
			continue;
		}
		if (text.length < 2 || text.charCodeAt(0) !== DASH) {
			if (text === "-" && reading.loneDash === "option") push(scan, "-", "-", null, NO_VALUES, index, true);
			else operand(scan, index);
			index++;
			continue;
		}
		if (text.charCodeAt(1) !== DASH) index = singleDash(scan, text, index);
		else if (text.length === 2 && reading.endOfOptions) {
			scan.endOfOptions = index;
			scan.rest = ++index;
			scan.tail = index;
		} else index = reading.longOptions ? long(scan, text, index, true) : cluster(scan, text, index);
		if (scan.uncertain !== null) break;
	}
	return scan;
}

/**
 * One reading, in progress and then as its result. The operands after the options ended (`--`, or the first operand
 * of a grammar that stops there) are the words from `tail` on, listed only when asked for.
 */
class Scan implements OptionScan {
	options: readonly ScannedOption[] = NO_OPTIONS;
	/** Operands read before the options ended. */
	read: number[] | null = null;
	/** The first word of the operands after the options ended, or -1 while they have not. */
	tail = -1;
	rest: number;
	endOfOptions: number | null = null;
	uncertain: Uncertainty | null = null;
	private listed: readonly number[] | null = null;

	constructor(
		readonly texts: ArgTexts,
		readonly grammar: OptionGrammar,
	) {
		this.rest = texts.length;
	}

	get operands(): readonly number[] {
		if (this.listed !== null) return this.listed;
		const listed = this.read === null ? [] : this.read;
		if (this.tail >= 0 && this.uncertain === null)
			for (let index = this.tail; index < this.texts.length; index++) listed.push(index);
		this.listed = listed.length === 0 ? NO_OPERANDS : listed;
		return this.listed;
	}
}

/** Stops the reading at word `index`; the caller returns `index` so the loop ends there. */
function stop(scan: Scan, reason: UncertainReason, index: number): number {
	scan.uncertain = { reason, index };
	scan.rest = index;
	return index;
}

function operand(scan: Scan, index: number): void {
	if (scan.grammar.reading.order === "stop-at-operand") {
		scan.rest = index;
		scan.tail = index;
	} else if (scan.read === null) scan.read = [index];
	else scan.read.push(index);
}

function push(
	scan: Scan,
	name: string,
	written: string,
	value: OptionValue | null,
	moreValues: readonly number[],
	index: number,
	known: boolean,
): void {
	const option: ScannedOption = { name, written, value, moreValues, index, known };
	if (scan.options === NO_OPTIONS) scan.options = [option];
	else (scan.options as ScannedOption[]).push(option);
}

/** A word with one dash: a numeric option, a single-dash long name, or by the grammar's `singleDash` rule. */
function singleDash(scan: Scan, text: string, index: number): number {
	const grammar = scan.grammar;
	const reading = grammar.reading;
	if (reading.numeric !== null && isDigits(text)) {
		push(scan, reading.numeric, text, { kind: "text", text: text.slice(1) }, NO_VALUES, index, true);
		return index + 1;
	}
	if (grammar.singleDashLong) {
		const eq = reading.singleDashEquals ? text.indexOf("=") : -1;
		if (grammar.long.has(eq < 0 ? text : text.slice(0, eq))) return long(scan, text, index, false);
	}
	switch (reading.singleDash) {
		case "cluster":
			return cluster(scan, text, index);
		case "letter":
			return letter(scan, text, index);
		case "word":
			return word(scan, text, index);
		case "operand":
			operand(scan, index);
			return index + 1;
		default: {
			const unhandled: never = reading.singleDash;
			throw new Error(`unhandled single-dash reading ${String(unhandled)}`);
		}
	}
}

/** `--name`, `--name=value`, `--na` (an abbreviation), or a single-dash long name (`-name`, `-name=value`). */
function long(scan: Scan, text: string, index: number, doubleDash: boolean): number {
	const grammar = scan.grammar;
	const reading = grammar.reading;
	const eq = doubleDash || reading.singleDashEquals ? text.indexOf("=") : -1;
	const written = eq < 0 ? text : text.slice(0, eq);
	// SECURITY: node reads `--experimental_loader` as `--experimental-loader` (N1-node-underscore-loader).
	const name = reading.underscores && doubleDash ? `--${written.slice(2).replaceAll("_", "-")}` : written;
	let spec = grammar.long.get(name);
	// `--` read as an option (a grammar where it does not end them) is never an abbreviation.
	if (spec === undefined && doubleDash && reading.abbreviations === "prefix" && text !== "--") {
		// `--=v` names no letter: every long option is a candidate.
		const spellings =
			name.length > 2 ? (grammar.longSpellingsByInitial.get(name[2] as string) ?? NO_SPELLINGS) : grammar.longSpellings;
		let candidates = 0;
		for (let at = 0; at < spellings.length; at++) {
			const spelling = spellings[at] as string;
			if (!spelling.startsWith(name)) continue;
			candidates++;
			spec ??= grammar.long.get(spelling);
		}
		if (candidates > 1 && reading.unknown === "uncertain") return stop(scan, "ambiguous-abbreviation", index);
	}
	const attached: OptionValue | null = eq < 0 ? null : { kind: "text", text: text.slice(eq + 1) };
	if (spec === undefined) return unknown(scan, name, attached, index);
	return take(scan, spec, written, attached, index);
}

/**
 * `-abc`: each letter an option, until one that takes a value owns the rest of the word (or the next word). `sign`
 * is the word's first character as written (`+` for bash's `+o name`).
 */
function cluster(scan: Scan, text: string, index: number, sign = "-"): number {
	const short = scan.grammar.short;
	for (let at = 1; at < text.length; at++) {
		const letter = text[at] as string;
		const spec = short.get(letter);
		if (spec === undefined) {
			if (scan.grammar.reading.unknown === "uncertain") return stop(scan, "unknown-option", index);
			push(scan, `-${letter}`, `${sign}${letter}`, null, NO_VALUES, index, false);
			continue;
		}
		if (spec.takes === "flag") {
			push(scan, spec.name, `${sign}${letter}`, null, NO_VALUES, index, true);
			continue;
		}
		const rest = at + 1 < text.length ? text.slice(at + 1) : null;
		return take(scan, spec, `${sign}${letter}`, rest === null ? null : { kind: "text", text: rest }, index);
	}
	return index + 1;
}

/**
 * tar's traditional first word (`cfT`): each letter an option of word 0, each value letter taking the next unread
 * word in the order of the letters (`tar cfT a.tar list`); the index of the first word after those values.
 */
function bundle(scan: Scan, text: string): number {
	const short = scan.grammar.short;
	const strict = scan.grammar.reading.unknown === "uncertain";
	// A bundle is read whole or not at all: a letter that stops the reading leaves every word unread.
	let wanted = 0;
	for (const letter of text) {
		const spec = short.get(letter);
		if (spec === undefined && strict) return stop(scan, "unknown-option", 0);
		if (spec?.takes === "uncertain") return stop(scan, "uncertain-option", 0);
		if (spec?.takes === "value") wanted++;
	}
	if (strict && wanted >= scan.texts.length) return stop(scan, "missing-value", 0);
	let next = 1;
	for (const letter of text) {
		const spec = short.get(letter);
		if (spec === undefined) push(scan, `-${letter}`, letter, null, NO_VALUES, 0, false);
		else if (spec.takes !== "value") push(scan, spec.name, letter, null, NO_VALUES, 0, true);
		else {
			const available = next < scan.texts.length;
			push(scan, spec.name, letter, available ? { kind: "word", index: next } : null, NO_VALUES, 0, true);
			if (available) next++;
		}
	}
	return next;
}

/** `-abc` of a program that does not cluster: option `-a` with `bc` attached, kept only when it takes a value. */
function letter(scan: Scan, text: string, index: number): number {
	const written = text.slice(0, 2);
	const spec = scan.grammar.short.get(text[1] as string);
	if (spec === undefined) return unknown(scan, written, null, index);
	const attached: OptionValue | null =
		text.length === 2 || spec.takes === "flag" ? null : { kind: "text", text: text.slice(2) };
	return take(scan, spec, written, attached, index);
}

/** `-name`: the whole word is one option (with `singleDashEquals`, `-name=value` and `-x=value` too). */
function word(scan: Scan, text: string, index: number): number {
	const grammar = scan.grammar;
	const eq = grammar.reading.singleDashEquals ? text.indexOf("=") : -1;
	const written = eq < 0 ? text : text.slice(0, eq);
	const attached: OptionValue | null = eq < 0 ? null : { kind: "text", text: text.slice(eq + 1) };
	const spec = written.length === 2 ? grammar.short.get(written[1] as string) : grammar.long.get(written);
	if (spec === undefined) return unknown(scan, written, attached, index);
	return take(scan, spec, written, attached, index);
}

function unknown(scan: Scan, written: string, attached: OptionValue | null, index: number): number {
	if (scan.grammar.reading.unknown === "uncertain") return stop(scan, "unknown-option", index);
	push(scan, written, written, attached, NO_VALUES, index, false);
	return index + 1;
}

/** Records `spec` written as `written` in word `index` (with its `attached` value); the index of the next word. */
function take(scan: Scan, spec: OptionSpec, written: string, attached: OptionValue | null, index: number): number {
	switch (spec.takes) {
		case "uncertain":
			return stop(scan, "uncertain-option", index);
		case "flag":
		case "optional":
			push(scan, spec.name, written, attached, NO_VALUES, index, true);
			return index + 1;
		case "value":
			return value(scan, spec, written, attached, index);
		default: {
			const unhandled: never = spec.takes;
			throw new Error(`unhandled option arity ${String(unhandled)}`);
		}
	}
}

/** A value option: its attached value and the words after it, as many as it takes and the words hold. */
function value(scan: Scan, spec: OptionSpec, written: string, attached: OptionValue | null, index: number): number {
	const wanted = spec.valueWords - (attached === null ? 0 : 1);
	const available = Math.min(wanted, scan.texts.length - index - 1);
	if (available < wanted && scan.grammar.reading.unknown === "uncertain") return stop(scan, "missing-value", index);
	let given = attached;
	let next = index + 1;
	if (given === null && available > 0) given = { kind: "word", index: next++ };
	const end = index + 1 + available;
	let more = NO_VALUES;
	if (next < end) {
		const words: number[] = [];
		while (next < end) words.push(next++);
		more = words;
	}
	push(scan, spec.name, written, given, more, index, true);
	return next;
}

/** `-10`: a dash followed by digits only. */
function isDigits(text: string): boolean {
	for (let at = 1; at < text.length; at++) {
		const code = text.charCodeAt(at);
		if (code < 48 || code > 57) return false;
	}
	return text.length > 1;
}
