/**
 * Owns: the spellings a rule is matched in besides the text as written: a unit's canonical spelling and its words
 * without the options that change no effect (`unitSpelling`, read once per unit), and a `bash` rule pattern read as
 * a command by the same grammars (`ruleSpelling`), or why it has no canonical form.
 * Never: matches a rule against a unit (the engine does) or reads a unit whose command name is not a literal word.
 */
import type { CommandUnit } from "../reading/command-unit";
import { literalWordText, type ShellWord } from "../reading/shell-word";
import { type CommandSpelling, type SpelledWord, spellCommand } from "./canonical-spelling";
import { scanOptions } from "./option-scanner";
import type { ProgramSpelling } from "./program-spelling";
import { programSpellingOf } from "./program-spelling-table";

const SPELLINGS = new WeakMap<CommandUnit, CommandSpelling | null>();

/**
 * The canonical spelling of `unit` and its words without inert options, or `null` when its program has no known
 * spelling or its name is not a literal word. Read once per unit (kept for the unit's life).
 */
export function unitSpelling(unit: CommandUnit): CommandSpelling | null {
	const known = SPELLINGS.get(unit);
	if (known !== undefined) return known;
	const spelled = readUnit(unit);
	SPELLINGS.set(unit, spelled);
	return spelled;
}

function readUnit(unit: CommandUnit): CommandSpelling | null {
	const program = unit.commandName;
	if (program === null || unit.nameWord === null) return null;
	const spelling = programSpellingOf(program);
	if (spelling === null) return null;
	const args = unit.args;
	const words: SpelledWord[] = new Array(args.length);
	let optionLike = false;
	for (let index = 0; index < args.length; index++) {
		const word = args[index] as ShellWord;
		const text = literalWordText(word);
		words[index] = { text, shown: text ?? word.raw };
		const code = text?.charCodeAt(0);
		optionLike ||= code === 45 /* - */ || code === 43; /* + */
	}
	if (optionLike || readsBundledWords(spelling)) return spellCommand(program, spelling, words);
	// Without a word that may be an option, no option is left out: most units ask only that (an `allow` rule's
	// program), so the canonical spelling is read when a deny or ask rule asks for it, once.
	let canonical: CommandSpelling["canonical"] | null = null;
	return {
		get canonical() {
			canonical ??= spellCommand(program, spelling, words).canonical;
			return canonical;
		},
		withoutInert: null,
	};
}

const BUNDLED = new WeakMap<ProgramSpelling, boolean>();

/** True when some level of `spelling` reads a first word without a dash as options (`tar xzf`), asked once. */
function readsBundledWords(spelling: ProgramSpelling): boolean {
	let known = BUNDLED.get(spelling);
	if (known === undefined) {
		known = spelling.grammar.reading.bundledFirstWord || [...spelling.subcommands.values()].some(readsBundledWords);
		BUNDLED.set(spelling, known);
	}
	return known;
}

/** Why a rule pattern is matched only as written. */
export type AsWrittenReason =
	/** The pattern does not start with a literal program name (`* --force *`, `/bin/rm *`, `r? x`). */
	| "no-program"
	/** No spelling is known for its program. */
	| "no-grammar"
	/** A wildcard inside an option's name (`rm -rf*`): which options it stands for cannot be read. */
	| "glob-in-option";

export type RuleSpelling =
	| {
			readonly kind: "command";
			readonly spelling: CommandSpelling;
			/** True when the pattern holds a `*` after the program: it then also matches options it does not name. */
			readonly open: boolean;
	  }
	| { readonly kind: "as-written"; readonly reason: AsWrittenReason };

const WILDCARD = /[*?]/;

/** A `bash` rule pattern read as a command: its words split at blanks, read by the program's spelling. */
export function ruleSpelling(pattern: string): RuleSpelling {
	const words = pattern.trim().split(/\s+/);
	const program = words[0] ?? "";
	if (program === "" || WILDCARD.test(program) || program.includes("/"))
		return { kind: "as-written", reason: "no-program" };
	const spelling = programSpellingOf(program);
	if (spelling === null) return { kind: "as-written", reason: "no-grammar" };
	const rest = words.slice(1);
	if (globInOption(rest, spelling)) return { kind: "as-written", reason: "glob-in-option" };
	return {
		kind: "command",
		spelling: spellCommand(
			program,
			spelling,
			rest.map((text) => ({ text, shown: text })),
		),
		open: rest.some((text) => text.includes("*")),
	};
}

/** True when a word read as an option has a wildcard in its name (an attached value may hold one). */
function globInOption(words: readonly string[], spelling: ProgramSpelling): boolean {
	const scan = scanOptions(words, spelling.grammar);
	for (const option of scan.options) if (WILDCARD.test(option.written)) return true;
	const first = scan.operands[0];
	if (first === undefined || first !== scan.rest) return false;
	const sub = spelling.subcommands.get(words[first] ?? "");
	return sub !== undefined && globInOption(words.slice(first + 1), sub);
}
