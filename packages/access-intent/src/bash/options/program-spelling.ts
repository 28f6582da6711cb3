/**
 * Owns: `ProgramSpelling`, what a program's command line means beyond its option grammar: options that are others
 * (`cp -a` is `-dR --preserve=all`) or also mean others (`git push --force-with-lease` forces), sub-commands read by
 * grammars of their own (`git push`), operands that carry an option's meaning (`git push origin +main` forces), and
 * options that change no effect (`git --no-pager`).
 * Never: reads words (`canonical-spelling.ts` does) or lists a program's options (its module in `programs/` does).
 */
import type { OptionGrammar } from "./option-grammar";

/** An option another one means too, by canonical name, with the value it means (`--preserve` `all`) or none. */
export interface ImpliedOption {
	readonly name: string;
	readonly value: string | null;
}

/** What an operand means when it is spelled with an option's meaning: its plain text and the options it means. */
export interface OperandMeaning {
	readonly text: string;
	readonly implies: readonly ImpliedOption[];
}

export interface ProgramSpelling {
	readonly grammar: OptionGrammar;
	/**
	 * Options that are a combination of others, by canonical name, and are replaced by them (`cp -a` is `-d -R
	 * --preserve=all`, `git branch -D` is `--delete --force`); applied until none is left.
	 */
	readonly means: ReadonlyMap<string, readonly ImpliedOption[]>;
	/** Options that also mean others and stay (`git push --mirror` forces, and mirrors); applied transitively. */
	readonly implies: ReadonlyMap<string, readonly ImpliedOption[]>;
	/**
	 * Sub-commands, each read by its own spelling after this level's options end at the sub-command's word (`git`'s
	 * options stop at `push`). Empty for a program without sub-commands.
	 */
	readonly subcommands: ReadonlyMap<string, ProgramSpelling>;
	/**
	 * The meaning of the operand at `position` (0 = the first operand of this level), or `null` when it means only
	 * itself (`git push origin +main`: `+main` is `main` forced). Must not throw.
	 */
	readonly operandMeaning: ((text: string, position: number) => OperandMeaning | null) | null;
	/**
	 * True for an option that changes nothing a permission can see (output paging, colour): an `allow` rule may match
	 * the command without it. Must not throw; asked with the canonical name and the value's text (`null`: none or
	 * computed).
	 */
	readonly inert: ((name: string, value: string | null) => boolean) | null;
}

/** Options by canonical name, a value as a pair (`["--preserve", "all"]`). */
type OptionList = Readonly<Record<string, readonly (string | readonly [string, string])[]>>;

interface SpellingExtras {
	readonly means?: OptionList;
	readonly implies?: OptionList;
	readonly subcommands?: Readonly<Record<string, ProgramSpelling>>;
	readonly operandMeaning?: (text: string, position: number) => OperandMeaning | null;
	readonly inert?: (name: string, value: string | null) => boolean;
}

/**
 * A program's spelling: its grammar and `extras`. `means` and `implies` name options by canonical name; naming an
 * option the grammar does not list, or one `means` replaces by itself, is a table error and throws when the
 * program's module loads.
 */
export function programSpelling(grammar: OptionGrammar, extras: SpellingExtras = {}): ProgramSpelling {
	const known = new Set<string>();
	for (const spec of grammar.short.values()) known.add(spec.name);
	for (const spec of grammar.long.values()) known.add(spec.name);
	const means = optionMap(extras.means, known);
	for (const [name, list] of means)
		if (list.some((option) => option.name === name)) throw new Error(`program spelling: \`${name}\` means itself`);
	return {
		grammar,
		means,
		implies: optionMap(extras.implies, known),
		subcommands: new Map(Object.entries(extras.subcommands ?? {})),
		operandMeaning: extras.operandMeaning ?? null,
		inert: extras.inert ?? null,
	};
}

function optionMap(list: OptionList | undefined, known: ReadonlySet<string>): Map<string, readonly ImpliedOption[]> {
	const map = new Map<string, readonly ImpliedOption[]>();
	for (const [name, entries] of Object.entries(list ?? {})) {
		const options = entries.map(
			(entry): ImpliedOption =>
				typeof entry === "string" ? { name: entry, value: null } : { name: entry[0], value: entry[1] },
		);
		for (const option of [{ name }, ...options])
			if (!known.has(option.name)) throw new Error(`program spelling: \`${option.name}\` is not a canonical name`);
		map.set(name, options);
	}
	return map;
}
