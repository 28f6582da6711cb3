/**
 * Owns: naming the command family of a bash unit's leading words (basename, case and version folding) and looking
 * up how many leading words identify its action in the arity table.
 * Never: builds patterns or decides whether to suggest; see `bash-session-pattern.ts`.
 */
import { BASH_ARITY_TABLE } from "./bash-arity-table";
import {
	INLINE_CODE_SPELLINGS,
	INLINE_PROGRAM_COMMANDS,
	SHELL_KEYWORDS,
	SHELL_STATE_BUILTINS,
	WRAPPER_COMMANDS,
} from "./never-suggest-table";

const ARITY = new Map<string, number>(BASH_ARITY_TABLE);

/** The most words any table key has; lookups never look further. */
const MAX_KEY_WORDS = Math.max(...BASH_ARITY_TABLE.map(([prefix]) => prefix.split(" ").length));

/** The most leading words any family needs; a prefix is never longer. */
export const MAX_ARITY = Math.max(...BASH_ARITY_TABLE.map(([, arity]) => arity));

function isKnown(name: string): boolean {
	return (
		ARITY.has(name) ||
		WRAPPER_COMMANDS.has(name) ||
		SHELL_KEYWORDS.has(name) ||
		SHELL_STATE_BUILTINS.has(name) ||
		INLINE_PROGRAM_COMMANDS.has(name) ||
		INLINE_CODE_SPELLINGS.has(name)
	);
}

/**
 * The family name of a command word: its basename, lower-cased, without `.exe`; a versioned name
 * (`python3.12`, `perl5.36`) folds to its stem when only the stem is known. Returns "" for a word ending in `/`.
 */
export function familyName(commandWord: string): string {
	const base = commandWord.slice(commandWord.lastIndexOf("/") + 1).toLowerCase();
	const name = base.endsWith(".exe") ? base.slice(0, -4) : base;
	if (isKnown(name)) return name;
	// SECURITY: `python3.12 -c …` must meet the same inline-code check as `python -c …`.
	const versioned = /^(.*[a-z])\d+(?:\.\d+)*$/.exec(name);
	const stem = versioned?.[1];
	return stem !== undefined && isKnown(stem) ? stem : name;
}

interface FamilyArity {
	/** The matched table key (`npm run`), or the family name alone when the table has no row for it. */
	readonly key: string;
	/** How many leading words the key spans. */
	readonly keyWords: number;
	/** How many leading words identify the action; 1 for an unknown command. */
	readonly arity: number;
}

/** A key word compares case-insensitively, except a flag (`-m`), which must match exactly. */
function keyWord(word: string): string {
	return word.startsWith("-") ? word : word.toLowerCase();
}

/** The longest table key that the leading words spell, with its arity. `words[0]` is the command word. */
export function lookupArity(words: readonly string[]): FamilyArity {
	const first = words[0];
	if (first === undefined) return { key: "", keyWords: 0, arity: 0 };
	let candidate = familyName(first);
	let best: FamilyArity = { key: candidate, keyWords: 1, arity: ARITY.get(candidate) ?? 1 };
	const limit = Math.min(words.length, MAX_KEY_WORDS);
	for (let i = 1; i < limit; i++) {
		candidate = `${candidate} ${keyWord(words[i] ?? "")}`;
		const arity = ARITY.get(candidate);
		if (arity !== undefined) best = { key: candidate, keyWords: i + 1, arity };
	}
	return best;
}
