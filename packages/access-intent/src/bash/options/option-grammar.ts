/**
 * Owns: what a program's options are (`OptionGrammar`): each option's spellings and canonical name, what it takes,
 * and the rules the program reads its argument words by (`OptionReading`); the builders tables write grammars with.
 * Never: reads words (`option-scanner.ts` does) or knows what an option means to its program (its table does).
 */

/** What an option takes after its spelling. */
type OptionTakes =
	/** Nothing (`-v`, `--verbose`); a long flag written `--name=v` keeps `v` as given. */
	| "flag"
	/** A value, attached (`-ofile`, `--output=file`) or in the next word(s) (`-o file`, `--output file`). */
	| "value"
	/** A value only when attached (`xargs -i{}`, `--color=auto`); the bare option has none. */
	| "optional"
	/** Nothing can be read after it (`sudo -s`, `env -S`): the reading is uncertain. */
	| "uncertain";

/** One option of a grammar. */
export interface OptionSpec {
	/** The canonical name, as the grammar spells it first (`-r` for `-r`, `-R`, `--recursive`). */
	readonly name: string;
	readonly takes: OptionTakes;
	/** How many words a `value` option takes (`jq --arg NAME VALUE`: 2); an attached value is the first. */
	readonly valueWords: number;
}

/** The rules a program reads its argument words by. */
export interface OptionReading {
	/** `permute`: options may follow operands (GNU getopt); `stop-at-operand`: the first operand ends them (POSIX, `+`). */
	readonly order: "permute" | "stop-at-operand";
	/**
	 * An option the grammar does not list: a `flag` (permissive, the effect tables) or `uncertain` (strict, wrappers;
	 * a value option the words run out before is then uncertain too, where a permissive grammar gives it no value).
	 */
	readonly unknown: "flag" | "uncertain";
	/**
	 * `prefix`: a long option may be written as a prefix of its name (getopt_long: `--outp` is `--output`). When the
	 * prefix fits several names a strict grammar is uncertain and a permissive one reads the first in grammar order.
	 */
	readonly abbreviations: "none" | "prefix";
	/**
	 * How a word with one dash is read (after the single-dash long names, `-name`, are looked up whole):
	 * `cluster` (`-abc` is `-a -b -c`; the first letter taking a value owns the rest of the word), `letter` (`-abc` is
	 * `-a` with `bc` attached: programs that do not cluster), `word` (`-abc` is one option named `-abc`: `find`,
	 * git's global options) or `operand` (the program has no single-dash options: `ld.so -x` runs `-x`).
	 */
	readonly singleDash: "cluster" | "letter" | "word" | "operand";
	/** A single-dash long name, or any whole single-dash word under `word`, may carry its value after `=` (`-Command=…`). */
	readonly singleDashEquals: boolean;
	/** False for programs without long options (bash builtins): a `--name` word is read as a cluster of letters. */
	readonly longOptions: boolean;
	/** `--` ends the options; when false it is read as an unknown long option. */
	readonly endOfOptions: boolean;
	/** A lone `-`: an `operand` (stdin, a command named `-`) or an `option` (`env -` is `env -i`). */
	readonly loneDash: "operand" | "option";
	/**
	 * A word whose text is computed (`$X`): an `operand`, `uncertain`, or uncertain only when its expansion may start
	 * with a dash (`uncertain-if-option-like`: the scanner's caller says which words may).
	 */
	readonly computed: "operand" | "uncertain" | "uncertain-if-option-like";
	/** The option a dash followed by digits means (`nice -10` is `nice -n 10`), or `null` when it is a cluster. */
	readonly numeric: string | null;
	/**
	 * The first word, when it is letters without a dash, is a bundle of short options whose values are the next words
	 * in the order of the letters (tar's traditional `tar cfT a.tar list`).
	 */
	readonly bundledFirstWord: boolean;
	/** A long option's name may write `_` for `-` (node: `--experimental_loader` is `--experimental-loader`). */
	readonly underscores: boolean;
	/** A word led by `+` is a cluster of short options too (bash's `+o name`, `+O name`); `written` keeps the `+`. */
	readonly plusOptions: boolean;
}

/** A program's options and the rules it reads them by. Build one with `optionGrammar`. */
export interface OptionGrammar {
	readonly reading: OptionReading;
	/** Short options by letter (`u` for `-u`). */
	readonly short: ReadonlyMap<string, OptionSpec>;
	/** Long options by full spelling: `--output`, and single-dash long names (`-name`). */
	readonly long: ReadonlyMap<string, OptionSpec>;
	/** The `--name` spellings in grammar order: the candidates of an abbreviation. */
	readonly longSpellings: readonly string[];
	/** The same, by the first letter of the name (`o` for `--output`): an abbreviation's candidates share it. */
	readonly longSpellingsByInitial: ReadonlyMap<string, readonly string[]>;
	/** True when some long name has one dash, so single-dash words are looked up whole first. */
	readonly singleDashLong: boolean;
}

/** One option spelled out: its spellings (the first is canonical), what it takes, and how many value words. */
interface OptionEntry {
	readonly spellings: readonly string[];
	readonly takes: OptionTakes;
	readonly valueWords?: number;
}

/**
 * A program's options in the compact form tables use: short letters by what they take, long names (without `--`)
 * by what they take, and `options` for anything else (synonyms, several value words, single-dash long names).
 */
export interface OptionList {
	readonly shortFlag?: string;
	readonly shortValue?: string;
	readonly shortOptional?: string;
	readonly shortUncertain?: string;
	readonly longFlag?: readonly string[];
	readonly longValue?: readonly string[];
	readonly longOptional?: readonly string[];
	readonly longUncertain?: readonly string[];
	readonly options?: readonly OptionEntry[];
}

/** Wrappers: options end at the command, any option not listed and any word that may hide one is uncertain. */
export const STRICT_READING: OptionReading = {
	order: "stop-at-operand",
	unknown: "uncertain",
	abbreviations: "none",
	singleDash: "cluster",
	singleDashEquals: false,
	longOptions: true,
	endOfOptions: true,
	loneDash: "operand",
	computed: "uncertain-if-option-like",
	numeric: null,
	bundledFirstWord: false,
	underscores: false,
	plusOptions: false,
};

/** GNU getopt_long as the effect tables read it: options anywhere, unknown ones are flags, long names abbreviate. */
export const GNU_READING: OptionReading = {
	order: "permute",
	unknown: "flag",
	abbreviations: "prefix",
	singleDash: "cluster",
	singleDashEquals: false,
	longOptions: true,
	endOfOptions: true,
	loneDash: "operand",
	computed: "operand",
	numeric: null,
	bundledFirstWord: false,
	underscores: false,
	plusOptions: false,
};

/**
 * POSIX getopt as bash's builtins (`read`, `mapfile`, `printf`) and tmux read options: they end at the first operand,
 * there are no long options (`--x` is a cluster of letters), unknown letters are flags.
 */
export const POSIX_READING: OptionReading = {
	...GNU_READING,
	order: "stop-at-operand",
	abbreviations: "none",
	longOptions: false,
};

/** Builds a grammar; a spelling listed twice is a table error and throws when the table module loads. */
export function optionGrammar(reading: OptionReading, list: OptionList = {}): OptionGrammar {
	const short = new Map<string, OptionSpec>();
	const long = new Map<string, OptionSpec>();
	const add = (spelling: string, spec: OptionSpec): void => {
		const isShort = spelling.length === 2 && spelling[0] === "-" && spelling[1] !== "-";
		const table = isShort ? short : long;
		const key = isShort ? (spelling[1] as string) : spelling;
		if (!spelling.startsWith("-") || spelling.length < 2 || table.has(key))
			throw new Error(`option grammar: bad or repeated spelling \`${spelling}\``);
		table.set(key, spec);
	};
	const letters = (text: string | undefined, takes: OptionTakes): void => {
		for (const letter of text ?? "") add(`-${letter}`, { name: `-${letter}`, takes, valueWords: 1 });
	};
	const names = (list: readonly string[] | undefined, takes: OptionTakes): void => {
		for (const name of list ?? []) add(`--${name}`, { name: `--${name}`, takes, valueWords: 1 });
	};
	letters(list.shortFlag, "flag");
	letters(list.shortValue, "value");
	letters(list.shortOptional, "optional");
	letters(list.shortUncertain, "uncertain");
	names(list.longFlag, "flag");
	names(list.longValue, "value");
	names(list.longOptional, "optional");
	names(list.longUncertain, "uncertain");
	for (const entry of list.options ?? []) {
		const name = entry.spellings[0];
		if (name === undefined) throw new Error("option grammar: an option without a spelling");
		const spec: OptionSpec = { name, takes: entry.takes, valueWords: entry.valueWords ?? 1 };
		for (const spelling of entry.spellings) add(spelling, spec);
	}
	const longSpellings = [...long.keys()].filter((spelling) => spelling.startsWith("--"));
	const longSpellingsByInitial = new Map<string, string[]>();
	for (const spelling of longSpellings) {
		const initial = spelling.slice(2, 3);
		longSpellingsByInitial.set(initial, [...(longSpellingsByInitial.get(initial) ?? []), spelling]);
	}
	const singleDashLong = longSpellings.length < long.size;
	return { reading, short, long, longSpellings, longSpellingsByInitial, singleDashLong };
}

/** A grammar read as GNU getopt_long reads it (`GNU_READING`), with `changes` to its rules. */
export function gnuGrammar(list: OptionList, changes: Partial<OptionReading> = {}): OptionGrammar {
	return optionGrammar({ ...GNU_READING, ...changes }, list);
}

/** A grammar read strictly (`STRICT_READING`), with `changes` to its rules. */
export function strictGrammar(list: OptionList, changes: Partial<OptionReading> = {}): OptionGrammar {
	return optionGrammar({ ...STRICT_READING, ...changes }, list);
}

/** One spelled-out option (`option(["-r", "-R", "--recursive"], "flag")`). */
export function option(spellings: readonly string[], takes: OptionTakes, valueWords = 1): OptionEntry {
	return { spellings, takes, valueWords };
}
