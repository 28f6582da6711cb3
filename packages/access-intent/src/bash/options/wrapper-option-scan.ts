/**
 * Owns: scanning the leading options of a wrapper by its `OptionGrammar` (`sudo -u root`, `xargs -I{}`), reporting
 * where the command starts and which options were given.
 * Never: guesses; an option it does not know, or a computed word where an option may stand, leaves `next` null.
 */
import { literalWordText, type ShellWord } from "../reading/shell-word";
import type { WordRef } from "../reading/unit-draft";

export interface OptionGrammar {
	/** Short option letters that take a value (attached `-uroot` or as the next word). */
	readonly shortValue: string;
	/** Short option letters that take no value. */
	readonly shortFlag: string;
	/** Short option letters whose value may only be attached (`xargs -i{}`, `-l5`). */
	readonly shortOptional?: string;
	/** Short option letters after which the executed command cannot be established (`sudo -s`, `env -S`). */
	readonly shortUncertain?: string;
	readonly longValue: readonly string[];
	/** Long options without a value, or with an optional `=value`. */
	readonly longFlag: readonly string[];
	readonly longUncertain?: readonly string[];
	/** `nice -10`: a dash followed by digits is an option. */
	readonly numericOption?: boolean;
	/** `env -`: a lone dash is an option (`-i`), not the command. */
	readonly loneDash?: boolean;
}

export interface OptionScan {
	/** Index of the first word after the options, or `null` when the options are not understood. */
	readonly next: number | null;
	readonly options: readonly { readonly name: string; readonly value: string | null }[];
}

/** Scans leading options by `grammar`; any option it does not know makes the scan uncertain. */
export function scanOptions(args: readonly WordRef[], grammar: OptionGrammar): OptionScan {
	const options: { name: string; value: string | null }[] = [];
	let i = 0;
	while (i < args.length) {
		const text = literalWordText((args[i] as WordRef).word);
		// SECURITY: `sudo $OPT rm x` may hide `-s`; a non-literal word where an option may stand is not guessed.
		if (text === null)
			return { next: text === null && !startsLikeOption((args[i] as WordRef).word) ? i : null, options };
		if (text === "--") return { next: i + 1, options };
		if (text === "-" && grammar.loneDash) {
			options.push({ name: "-", value: null });
			i++;
			continue;
		}
		if (!text.startsWith("-") || text === "-") return { next: i, options };
		if (text.startsWith("--")) {
			const [name = "", value] = text.slice(2).split(/=(.*)/s);
			if (grammar.longUncertain?.includes(name)) return { next: null, options };
			if (grammar.longValue.includes(name)) {
				if (value === undefined && i + 1 >= args.length) return { next: null, options };
				options.push({ name, value: value ?? literalWordText((args[i + 1] as WordRef).word) });
				i += value === undefined ? 2 : 1;
				continue;
			}
			if (!grammar.longFlag.includes(name)) return { next: null, options };
			options.push({ name, value: value ?? null });
			i++;
			continue;
		}
		const consumed = scanCluster(text, args, i, grammar, options);
		if (consumed === null) return { next: null, options };
		i += consumed;
	}
	return { next: i, options };
}

function scanCluster(
	text: string,
	args: readonly WordRef[],
	i: number,
	grammar: OptionGrammar,
	options: { name: string; value: string | null }[],
): number | null {
	if (grammar.numericOption && /^-\d+$/.test(text)) {
		options.push({ name: "n", value: text.slice(1) });
		return 1;
	}
	for (let j = 1; j < text.length; j++) {
		const letter = text[j] as string;
		if (grammar.shortUncertain?.includes(letter)) return null;
		if (grammar.shortValue.includes(letter)) {
			const attached = text.slice(j + 1);
			if (attached !== "") {
				options.push({ name: letter, value: attached });
				return 1;
			}
			const next = args[i + 1];
			if (next === undefined) return null;
			options.push({ name: letter, value: literalWordText(next.word) });
			return 2;
		}
		if (grammar.shortOptional?.includes(letter)) {
			options.push({ name: letter, value: text.slice(j + 1) });
			return 1;
		}
		if (!grammar.shortFlag.includes(letter)) return null;
		options.push({ name: letter, value: null });
	}
	return 1;
}

/** A word a computed value may turn into an option (`$X`, `"$X"`, `--pre=$X`). */
export function startsLikeOption(word: ShellWord): boolean {
	const first = word.parts[0];
	// A process substitution (`sort <(…)`) expands to a `/dev/fd/N` path, never to an option.
	if (first?.kind === "dynamic" && /^[<>]\(/.test(first.raw)) return false;
	return first === undefined || first.kind !== "literal" || first.text === "" || first.text.startsWith("-");
}
