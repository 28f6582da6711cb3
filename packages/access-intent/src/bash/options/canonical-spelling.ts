/**
 * Owns: reading one command line by its program's spelling into its canonical spelling (`CanonicalCommand`): each
 * level (the program, then a sub-command) with its options by canonical name, values attached or not alike, options
 * that are others replaced by them and options that mean others joined by them, sorted and without repeats; the
 * operands in order, with an operand's option meaning taken out (`+main` is `main` forced); and the same words
 * without the options that change no effect (`git --no-pager log` is `git log`).
 * Never: decides or matches a rule; an option's order is kept nowhere, so options that override each other (`rm -f
 * -i`) are all in the set: a spelling a rule is matched in, never one to run.
 */
import type { OptionGrammar, OptionSpec } from "./option-grammar";
import { type ArgTexts, type OptionValue, type ScannedOption, scanOptions } from "./option-scanner";
import type { ImpliedOption, ProgramSpelling } from "./program-spelling";

/** One option of a canonical spelling: its canonical name and its value's text (`null` for none). */
export interface CanonicalOption {
	readonly name: string;
	readonly value: string | null;
}

/** The program or a sub-command, with the options given at that level. */
export interface CanonicalLevel {
	readonly word: string;
	readonly options: readonly CanonicalOption[];
}

export interface CanonicalCommand {
	/** The program, then each sub-command (`git`, `push`). */
	readonly levels: readonly CanonicalLevel[];
	/** The operands of the last level, in order (a sub-command the spelling does not know starts them). */
	readonly operands: readonly string[];
	/** The spelling as one line: `git push -f origin main` for `git push origin +main`. */
	readonly text: string;
}

/** A word to read: its literal text, or `null` when computed, and the text it is shown by (`$X`). */
export interface SpelledWord {
	readonly text: string | null;
	readonly shown: string;
}

export interface CommandSpelling {
	readonly canonical: CanonicalCommand;
	/** The words as written without the options that change no effect, or `null` when there are none to leave out. */
	readonly withoutInert: string | null;
}

/** `means` and `implies` chains stop here (a table is checked for cycles by its tests; this bounds a bad one). */
const MAX_EXPANSION = 64;

/** Reads `words` (the arguments after `program`) by `spelling`. Never throws. */
export function spellCommand(
	program: string,
	spelling: ProgramSpelling,
	words: readonly SpelledWord[],
): CommandSpelling {
	const levels: CanonicalLevel[] = [];
	const inertWords = new Set<number>();
	let level = spelling;
	let word = program;
	let start = 0;
	for (;;) {
		const texts: ArgTexts = words.slice(start).map((each) => each.text);
		const scan = scanOptions(texts, level.grammar);
		const options: CanonicalOption[] = [];
		const perWord = new Map<number, { all: number; inert: number }>();
		for (const scanned of scan.options) {
			const value = optionValueText(scanned, words, start);
			options.push({ name: scanned.name, value });
			const count = perWord.get(scanned.index) ?? { all: 0, inert: 0 };
			count.all++;
			if (level.inert?.(scanned.name, value) === true) {
				count.inert++;
				for (const index of valueWords(scanned)) inertWords.add(start + index);
			}
			perWord.set(scanned.index, count);
		}
		for (const [index, count] of perWord) if (count.all === count.inert) inertWords.add(start + index);
		const operands = [...scan.operands];
		// What the reading could not read is kept, in order, as operands.
		if (scan.uncertain !== null) for (let at = scan.uncertain.index; at < texts.length; at++) operands.push(at);
		const first = operands[0];
		const sub = first === undefined ? undefined : level.subcommands.get(texts[first] ?? "");
		if (sub !== undefined && first === scan.rest) {
			levels.push({ word, options: finish(options, level) });
			word = texts[first] as string;
			start += first + 1;
			level = sub;
			continue;
		}
		const shown: string[] = [];
		for (const [position, index] of operands.entries()) {
			const text = (words[start + index] as SpelledWord).shown;
			const meaning = level.operandMeaning?.(text, position) ?? null;
			shown.push(meaning === null ? text : meaning.text);
			if (meaning !== null) options.push(...meaning.implies);
		}
		levels.push({ word, options: finish(options, level) });
		const ended = scan.endOfOptions !== null;
		const canonical = { levels, operands: shown, text: render(levels, shown, ended, spelling) };
		return { canonical, withoutInert: inertWords.size === 0 ? null : withoutWords(program, words, inertWords) };
	}
}

function optionValueText(scanned: ScannedOption, words: readonly SpelledWord[], start: number): string | null {
	if (scanned.value === null) return null;
	const parts = [shownValue(scanned.value, words, start)];
	for (const index of scanned.moreValues) parts.push((words[start + index] as SpelledWord).shown);
	return parts.join(" ");
}

function shownValue(value: OptionValue, words: readonly SpelledWord[], start: number): string {
	return value.kind === "text" ? value.text : (words[start + value.index] as SpelledWord).shown;
}

function valueWords(scanned: ScannedOption): number[] {
	const indexes = scanned.value?.kind === "word" ? [scanned.value.index] : [];
	return [...indexes, ...scanned.moreValues];
}

/** `means` replaced, `implies` added (both until nothing changes), repeats dropped, sorted. */
function finish(options: readonly CanonicalOption[], level: ProgramSpelling): CanonicalOption[] {
	const pending: CanonicalOption[] = [...options];
	const out = new Map<string, CanonicalOption>();
	for (let steps = 0; pending.length > 0 && steps < MAX_EXPANSION * (options.length + 1); steps++) {
		const option = pending.shift() as CanonicalOption;
		const means = level.means.get(option.name);
		if (means !== undefined) {
			pending.push(...means.map(copy));
			continue;
		}
		const key = `${option.name}\u0000${option.value ?? ""}\u0000${option.value === null ? 0 : 1}`;
		if (out.has(key)) continue;
		out.set(key, option);
		pending.push(...(level.implies.get(option.name) ?? []).map(copy));
	}
	return [...out.values()].sort(compareOptions);
}

function copy(option: ImpliedOption): CanonicalOption {
	return { name: option.name, value: option.value };
}

/** Short options first, then long ones, each by name and then value. */
function compareOptions(a: CanonicalOption, b: CanonicalOption): number {
	const longA = a.name.startsWith("--");
	const longB = b.name.startsWith("--");
	if (longA !== longB) return longA ? 1 : -1;
	if (a.name !== b.name) return a.name < b.name ? -1 : 1;
	const va = a.value ?? "";
	const vb = b.value ?? "";
	return va === vb ? 0 : va < vb ? -1 : 1;
}

/** The levels and operands as one line; `--` before the operands where the words ended the options with it. */
function render(
	levels: readonly CanonicalLevel[],
	operands: readonly string[],
	ended: boolean,
	spelling: ProgramSpelling,
): string {
	const parts: string[] = [];
	let grammar: OptionGrammar | undefined = spelling.grammar;
	let level: ProgramSpelling | undefined = spelling;
	for (const [at, each] of levels.entries()) {
		if (at > 0) {
			level = level?.subcommands.get(each.word);
			grammar = level?.grammar;
		}
		parts.push(each.word);
		for (const option of each.options) parts.push(renderOption(option, grammar));
	}
	if (ended && operands.some((operand) => operand.startsWith("-"))) parts.push("--");
	parts.push(...operands);
	return parts.join(" ");
}

/** `-f`, `-o value`, `--output=value`; a value a bare option cannot take apart from it is attached (`-i.bak`). */
function renderOption(option: CanonicalOption, grammar: OptionGrammar | undefined): string {
	if (option.value === null) return option.name;
	const long = option.name.startsWith("--") || option.name.length > 2;
	const spec: OptionSpec | undefined = long ? grammar?.long.get(option.name) : grammar?.short.get(option.name.slice(1));
	if (spec?.takes === "optional") return long ? `${option.name}=${option.value}` : `${option.name}${option.value}`;
	return long ? `${option.name}=${option.value}` : `${option.name} ${option.value}`;
}

function withoutWords(program: string, words: readonly SpelledWord[], left: ReadonlySet<number>): string {
	const parts = [program];
	for (const [index, each] of words.entries()) if (!left.has(index)) parts.push(each.shown);
	return parts.join(" ");
}
