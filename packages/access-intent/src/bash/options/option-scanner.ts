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
export type UncertainReason =
	| "unknown-option"
	| "uncertain-option"
	| "missing-value"
	| "computed-word"
	| "ambiguous-abbreviation";

export interface Uncertainty {
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
const NO_VALUES: readonly number[] = Object.freeze([]);

/**
 * Reads `texts` by `grammar`. `optionLike(i)` answers, for a computed word, whether its expansion may start with a
 * dash; it is asked only under `computed: "uncertain-if-option-like"` (absent, every computed word may). Never throws.
 */
export function scanOptions(
	texts: ArgTexts,
	grammar: OptionGrammar,
	optionLike?: (index: number) => boolean,
): OptionScan {
	return new Scan(texts, grammar, optionLike).run();
}

/** One reading in progress; `run` returns its result. */
class Scan {
	private readonly options: ScannedOption[] = [];
	private readonly operands: number[] = [];
	private ended = false;
	private endOfOptions: number | null = null;
	private rest: number | null = null;
	private uncertain: Uncertainty | null = null;

	constructor(
		private readonly texts: ArgTexts,
		private readonly grammar: OptionGrammar,
		private readonly optionLike: ((index: number) => boolean) | undefined,
	) {}

	run(): OptionScan {
		const texts = this.texts;
		const reading = this.grammar.reading;
		let index = 0;
		while (index < texts.length && this.uncertain === null) {
			const text = texts[index] ?? null;
			if (this.ended) {
				this.operands.push(index++);
				continue;
			}
			if (text === null) {
				if (reading.computed === "uncertain") return this.stop("computed-word", index);
				if (reading.computed === "uncertain-if-option-like" && (this.optionLike?.(index) ?? true))
					return this.stop("computed-word", index);
				this.operand(index++);
				continue;
			}
			if (text.length < 2 || text.charCodeAt(0) !== DASH) {
				if (text === "-" && reading.loneDash === "option") this.push("-", "-", null, NO_VALUES, index, true);
				else this.operand(index);
				index++;
				continue;
			}
			if (text.charCodeAt(1) === DASH) {
				if (text.length === 2 && reading.endOfOptions) {
					this.ended = true;
					this.endOfOptions = index;
					this.rest = index + 1;
					index++;
					continue;
				}
				if (reading.longOptions) {
					index = this.long(text, index, true);
					continue;
				}
				index = this.cluster(text, index);
				continue;
			}
			index = this.singleDash(text, index);
		}
		return this.result();
	}

	private result(): OptionScan {
		return {
			options: this.options,
			operands: this.operands,
			rest: this.rest ?? this.texts.length,
			endOfOptions: this.endOfOptions,
			uncertain: this.uncertain,
		};
	}

	private stop(reason: Uncertainty["reason"], index: number): OptionScan {
		this.uncertain = { reason, index };
		if (this.rest === null) this.rest = index;
		return this.result();
	}

	private operand(index: number): void {
		this.operands.push(index);
		if (this.grammar.reading.order === "stop-at-operand") {
			this.ended = true;
			this.rest = index;
		}
	}

	private push(
		name: string,
		written: string,
		value: OptionValue | null,
		moreValues: readonly number[],
		index: number,
		known: boolean,
	): void {
		this.options.push({ name, written, value, moreValues, index, known });
	}

	/** A word with one dash: a numeric option, a single-dash long name, or by the grammar's `singleDash` rule. */
	private singleDash(text: string, index: number): number {
		const reading = this.grammar.reading;
		if (reading.numeric !== null && isDigits(text)) {
			this.push(reading.numeric, text, { kind: "text", text: text.slice(1) }, NO_VALUES, index, true);
			return index + 1;
		}
		if (this.grammar.singleDashLong && (this.grammar.long.has(text) || reading.singleDashEquals)) {
			const eq = reading.singleDashEquals ? text.indexOf("=") : -1;
			if (this.grammar.long.has(eq < 0 ? text : text.slice(0, eq))) return this.long(text, index, false);
		}
		switch (reading.singleDash) {
			case "cluster":
				return this.cluster(text, index);
			case "letter":
				return this.letter(text, index);
			case "word":
				return this.word(text, index);
			case "operand":
				this.operand(index);
				return index + 1;
			default: {
				const unhandled: never = reading.singleDash;
				throw new Error(`unhandled single-dash reading ${String(unhandled)}`);
			}
		}
	}

	/** `--name`, `--name=value`, `--na` (an abbreviation), or a single-dash long name (`-name`, `-name=value`). */
	private long(text: string, index: number, doubleDash: boolean): number {
		const reading = this.grammar.reading;
		const eq = doubleDash || reading.singleDashEquals ? text.indexOf("=") : -1;
		const written = eq < 0 ? text : text.slice(0, eq);
		let spec = this.grammar.long.get(written);
		// `--` read as an option (a grammar where it does not end them) is never an abbreviation.
		if (spec === undefined && doubleDash && reading.abbreviations === "prefix" && text !== "--") {
			const candidates = this.grammar.longSpellings.filter((spelling) => spelling.startsWith(written));
			if (candidates.length > 1 && reading.unknown === "uncertain") {
				this.stop("ambiguous-abbreviation", index);
				return index;
			}
			spec = candidates[0] === undefined ? undefined : this.grammar.long.get(candidates[0]);
		}
		const attached: OptionValue | null = eq < 0 ? null : { kind: "text", text: text.slice(eq + 1) };
		if (spec === undefined) return this.unknown(written, attached, index);
		return this.take(spec, written, attached, index);
	}

	/** `-abc`: each letter an option, until one that takes a value owns the rest of the word (or the next word). */
	private cluster(text: string, index: number): number {
		for (let at = 1; at < text.length; at++) {
			const letter = text[at] as string;
			const spec = this.grammar.short.get(letter);
			if (spec === undefined) {
				if (this.grammar.reading.unknown === "uncertain") {
					this.stop("unknown-option", index);
					return index;
				}
				this.push(`-${letter}`, `-${letter}`, null, NO_VALUES, index, false);
				continue;
			}
			if (spec.takes === "flag") {
				this.push(spec.name, `-${letter}`, null, NO_VALUES, index, true);
				continue;
			}
			const rest = text.slice(at + 1);
			return this.take(spec, `-${letter}`, rest === "" ? null : { kind: "text", text: rest }, index);
		}
		return index + 1;
	}

	/** `-abc` of a program that does not cluster: option `-a` with `bc` attached, kept only when it takes a value. */
	private letter(text: string, index: number): number {
		const written = text.slice(0, 2);
		const spec = this.grammar.short.get(text[1] as string);
		if (spec === undefined) return this.unknown(written, null, index);
		const rest = text.slice(2);
		const attached: OptionValue | null = rest === "" || spec.takes === "flag" ? null : { kind: "text", text: rest };
		return this.take(spec, written, attached, index);
	}

	/** `-name`: the whole word is one option. */
	private word(text: string, index: number): number {
		const spec = text.length === 2 ? this.grammar.short.get(text[1] as string) : this.grammar.long.get(text);
		if (spec === undefined) return this.unknown(text, null, index);
		return this.take(spec, text, null, index);
	}

	private unknown(written: string, attached: OptionValue | null, index: number): number {
		if (this.grammar.reading.unknown === "uncertain") {
			this.stop("unknown-option", index);
			return index;
		}
		this.push(written, written, attached, NO_VALUES, index, false);
		return index + 1;
	}

	/** Records `spec` written as `written` in word `index` (with its `attached` value); the index of the next word. */
	private take(spec: OptionSpec, written: string, attached: OptionValue | null, index: number): number {
		switch (spec.takes) {
			case "uncertain":
				this.stop("uncertain-option", index);
				return index;
			case "flag":
			case "optional":
				this.push(spec.name, written, attached, NO_VALUES, index, true);
				return index + 1;
			case "value":
				return this.value(spec, written, attached, index);
			default: {
				const unhandled: never = spec.takes;
				throw new Error(`unhandled option arity ${String(unhandled)}`);
			}
		}
	}

	/** A value option: its attached value and the words after it, as many as it takes and the words hold. */
	private value(spec: OptionSpec, written: string, attached: OptionValue | null, index: number): number {
		const wanted = spec.valueWords - (attached === null ? 0 : 1);
		const available = Math.min(wanted, this.texts.length - index - 1);
		if (available < wanted && this.grammar.reading.unknown === "uncertain") {
			this.stop("missing-value", index);
			return index;
		}
		let value = attached;
		let more: readonly number[] = NO_VALUES;
		let next = index + 1;
		if (value === null && available > 0) value = { kind: "word", index: next++ };
		if (next < index + 1 + available) {
			const words: number[] = [];
			while (next < index + 1 + available) words.push(next++);
			more = words;
		}
		this.push(spec.name, written, value, more, index, true);
		return next;
	}
}

/** `-10`: a dash followed by digits only. */
function isDigits(text: string): boolean {
	for (let at = 1; at < text.length; at++) {
		const code = text.charCodeAt(at);
		if (code < 48 || code > 57) return false;
	}
	return text.length > 1;
}
