/**
 * Owns: a getopt-style reading of one command's argument texts: which words are options (with their values, attached
 * or in the next word) and which are operands, GNU style (options may follow operands; `--` ends them).
 * Never: knows what an option means; the write-operand table gives each program's grammar and reads the result.
 */

/** The literal text of each argument word, `null` for a word that is not a literal (variable, substitution, …). */
export type ArgTexts = readonly (string | null)[];

export interface OptionGrammar {
	/** Short option letters that take a value (`-o F`, `-oF`). */
	readonly shortValues?: string;
	/** Long option names (without `--`) that take a value (`--output F`, `--output=F`). */
	readonly longValues?: readonly string[];
	/** True when options stop at the first operand (POSIX order: `find`, `xargs`-like commands). */
	readonly operandsEndOptions?: boolean;
}

/** Where an option's value is: the next word (by index) or text glued to the option word. */
export type OptionValue =
	| { readonly kind: "word"; readonly index: number }
	| { readonly kind: "text"; readonly text: string };

export interface ScannedOption {
	/** `-o` or `--output` (a long option as written, without `=value`). */
	readonly name: string;
	readonly value: OptionValue | null;
	/** The index of the option word. */
	readonly index: number;
}

export interface ScannedArgs {
	/** Indices of the operand words, in order (non-literal words count as operands). */
	readonly operands: readonly number[];
	readonly options: readonly ScannedOption[];
}

/**
 * Reads `args` with `grammar`. A long option matches a value-taking name it is a prefix of (GNU accepts unambiguous
 * abbreviations: `--outp=f` is `--output=f`).
 */
export function scanOptions(args: ArgTexts, grammar: OptionGrammar): ScannedArgs {
	const shortValues = grammar.shortValues ?? "";
	const longValues = grammar.longValues ?? [];
	const operands: number[] = [];
	const options: ScannedOption[] = [];
	let ended = false;
	for (let index = 0; index < args.length; index++) {
		const text = args[index];
		if (ended || text === null || text === undefined || text === "-" || !text.startsWith("-")) {
			operands.push(index);
			if (grammar.operandsEndOptions === true) ended = true;
			continue;
		}
		if (text === "--") {
			ended = true;
			continue;
		}
		if (text.startsWith("--")) {
			const eq = text.indexOf("=");
			const written = text.slice(2, eq < 0 ? undefined : eq);
			const full = longValues.find((name) => name === written) ?? longValues.find((name) => name.startsWith(written));
			const name = `--${full ?? written}`;
			if (eq >= 0) options.push({ name, value: { kind: "text", text: text.slice(eq + 1) }, index });
			else if (full !== undefined && written.length > 0 && index + 1 < args.length) {
				options.push({ name, value: { kind: "word", index: index + 1 }, index });
				index++;
			} else options.push({ name, value: null, index });
			continue;
		}
		for (let at = 1; at < text.length; at++) {
			const letter = text[at] as string;
			if (!shortValues.includes(letter)) {
				options.push({ name: `-${letter}`, value: null, index });
				continue;
			}
			const rest = text.slice(at + 1);
			if (rest !== "") options.push({ name: `-${letter}`, value: { kind: "text", text: rest }, index });
			else if (index + 1 < args.length) {
				options.push({ name: `-${letter}`, value: { kind: "word", index: index + 1 }, index });
				index++;
			} else options.push({ name: `-${letter}`, value: null, index });
			break;
		}
	}
	return { operands, options };
}

/** True when any of `names` (`-r`, `--recursive`) was given. */
export function hasOption(scanned: ScannedArgs, ...names: readonly string[]): boolean {
	return scanned.options.some((option) => names.includes(option.name));
}

/** The values given to any of `names`, in order. */
export function optionValues(scanned: ScannedArgs, ...names: readonly string[]): OptionValue[] {
	const values: OptionValue[] = [];
	for (const option of scanned.options)
		if (option.value !== null && names.includes(option.name)) values.push(option.value);
	return values;
}
