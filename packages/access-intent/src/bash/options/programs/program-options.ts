/**
 * Owns: the shape of one program's option table (`ProgramOptions`): the grammar its words are read by, and for each
 * option whose value names something, what the manual says it names (a command, code, a configuration, a setting, a
 * file read or written, a directory) and where the manual says so; the builder the program modules write it with.
 * Never: decides what a named thing means for a command (`runs/` and `effects/` do) or reads words (the scanner does).
 */
import { GNU_READING, type OptionGrammar, type OptionList, type OptionReading, optionGrammar } from "../option-grammar";

/**
 * What an option's value names, as the program's manual documents it.
 * - `command`: a shell command the program runs (`tar --to-command='gzip > x'`).
 * - `program`: a program the program starts with arguments of its own (`rg --pre prog`, `npm --script-shell sh`).
 * - `code`: code the program loads or runs that the command line cannot show (a plugin, a library, `--node-options`).
 * - `script`: a file of code the program runs (`make -f Makefile`, `awk -f prog.awk`): a named file is the program's
 *   own input, like `bash script.sh`; read from stdin or a descriptor it is code the command line feeds unseen.
 * - `module`: a module the program finds by name and runs or loads (`python3 -m pytest`, `node -r dotenv/config`); the
 *   interpreter analysis judges the ones that run code of their own (`-m timeit`, a `data:` URL).
 * - `config`: a configuration file or directory, or where the program looks for one (`curl -K`, `npm --userconfig`,
 *   `git -C`, `ssh -F`): configuration may run commands, so pointing the program at one is unknown effect.
 * - `setting`: one configuration setting (`git -c key=value`, `ssh -o Key=value`), judged by the program's key table.
 * - `reads`, `writes`: a data file the program reads or writes (`grep -f`, `sort -o`).
 * - `directory`: a directory the program works in or reads under (`tar -C`, `make -C`).
 */
type ValueNames =
	| "command"
	| "program"
	| "code"
	| "script"
	| "module"
	| "config"
	| "setting"
	| "reads"
	| "writes"
	| "directory";

/** The key table a `setting` value is judged by. */
type SettingTable = "git-config" | "git-config-env" | "ssh-option" | "go-tool-flags";

/** One option whose value names something. */
export interface NamedOption {
	/** The canonical spelling (the first), as the grammar reports it. */
	readonly name: string;
	readonly spellings: readonly string[];
	readonly names: ValueNames;
	/** For `setting`: the key table. */
	readonly settings?: SettingTable;
	/** The value is only ever attached (`man --html=browser`); the bare option uses a default of the program's. */
	readonly optionalValue: boolean;
	/** The bare optional-value option only prints (`git --exec-path`): it runs nothing. */
	readonly bareInert: boolean;
	/** The value is data that names a file when it begins with `@` (`curl -d @file`), read by the program's own row. */
	readonly atFile: boolean;
	/** Where the manual documents it: `page(section) SECTION` (`rg(1) OPTIONS`). */
	readonly source: string;
}

/** A program's options: the grammar its words are read by, and its named options by canonical name. */
export interface ProgramOptions {
	readonly grammar: OptionGrammar;
	readonly named: readonly NamedOption[];
	readonly byName: ReadonlyMap<string, NamedOption>;
	/** True when some named option makes the program run something (`command`, `program`, `code`, `script`, `config`, `setting`). */
	readonly runsAny: boolean;
}

/**
 * A program's options as a table: the options before its sub-command (or all of them), and per sub-command the
 * options read after it (`git rebase -x`, `cargo build --config`).
 */
export interface ProgramTable {
	readonly global: ProgramOptions;
	readonly subcommands?: ReadonlyMap<string, ProgramOptions>;
	/**
	 * The module that reads what these options run, when it is not the generic reading of `runs/`
	 * (`special-wrappers.ts` for `find -exec`, `git-effects.ts` for git): the table is then the inventory its row
	 * tests check, and the generic reading skips it.
	 */
	readonly readBy?: string;
	/** Computed words are operands (hosts, remote commands: `ssh "$HOST" "$CMD"`), unless glued to a dash (`-o$X`). */
	readonly computedOperands?: boolean;
	/** Long options that set any configuration key by their name (`pnpm --config.node-options=…`): a `config` each. */
	readonly configPrefixes?: readonly string[];
	/** `NAME=value` operands the program reads as its own configuration (`make SHELL=prog`): a `config` each. */
	readonly configVariables?: ReadonlySet<string>;
}

/**
 * getopt_long as the program tables read it: options anywhere, unknown ones are flags, unique abbreviations of long
 * names, and a computed word where an option may stand is uncertain.
 */
export const GETOPT_LONG_READING: OptionReading = { ...GNU_READING, computed: "uncertain-if-option-like" };

/** The same without abbreviations (clap: `rg`, `cargo`). */
export const NO_ABBREVIATION_READING: OptionReading = { ...GETOPT_LONG_READING, abbreviations: "none" };

/** One named option as a program module writes it. */
export interface NamedEntry {
	readonly spellings: readonly string[];
	readonly names: ValueNames;
	readonly source: string;
	readonly optionalValue?: boolean;
	readonly bareInert?: boolean;
	readonly atFile?: boolean;
	readonly valueWords?: number;
	readonly settings?: SettingTable;
}

/** `named(["-f", "--file"], "reads", "grep(1) OPTIONS")`: an option whose value names something. */
export function named(
	spellings: readonly string[],
	names: ValueNames,
	source: string,
	extra: Pick<NamedEntry, "optionalValue" | "bareInert" | "atFile" | "valueWords" | "settings"> = {},
): NamedEntry {
	return { spellings, names, source, ...extra };
}

const RUNS: ReadonlySet<ValueNames> = new Set(["command", "program", "code", "script", "config", "setting"]);

/**
 * Builds a program's table: the named options plus `other` (the program's remaining options: the value-taking ones
 * at least, so their values are not read as options) as one grammar read by `reading`. A spelling listed twice throws
 * when the module loads.
 */
export function programOptions(
	reading: OptionReading,
	entries: readonly NamedEntry[],
	other: OptionList = {},
): ProgramOptions {
	// SECURITY: the named options come first, so an abbreviation several long names share reads as a named one
	// (`npm --user=x` may be `--userconfig`): a permissive grammar takes the first candidate in grammar order.
	const long = (names: readonly string[] | undefined, takes: "flag" | "value" | "optional") =>
		(names ?? []).map((name) => ({ spellings: [`--${name}`], takes, valueWords: 1 }));
	const options = [
		...entries.map((entry) => ({
			spellings: entry.spellings,
			takes: entry.optionalValue === true ? ("optional" as const) : ("value" as const),
			valueWords: entry.valueWords ?? 1,
		})),
		...long(other.longValue, "value"),
		...long(other.longOptional, "optional"),
		...long(other.longFlag, "flag"),
		...(other.options ?? []),
	];
	const grammar = optionGrammar(reading, {
		shortFlag: other.shortFlag ?? "",
		shortValue: other.shortValue ?? "",
		shortOptional: other.shortOptional ?? "",
		shortUncertain: other.shortUncertain ?? "",
		longUncertain: other.longUncertain ?? [],
		options,
	});
	const named = entries.map(
		(entry): NamedOption => ({
			name: entry.spellings[0] as string,
			spellings: entry.spellings,
			names: entry.names,
			optionalValue: entry.optionalValue === true,
			bareInert: entry.bareInert === true,
			atFile: entry.atFile === true,
			source: entry.source,
			...(entry.settings === undefined ? {} : { settings: entry.settings }),
		}),
	);
	const byName = new Map(named.map((option) => [option.name, option]));
	return { grammar, named, byName, runsAny: named.some((option) => RUNS.has(option.names)) };
}
