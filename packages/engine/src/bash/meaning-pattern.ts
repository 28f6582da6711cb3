/**
 * Owns: a `bash` rule pattern read as a command (`MeaningPattern`: per level its word and required options, a
 * wildcard over the operands) and whether a unit's canonical spelling matches it: same program and sub-commands,
 * the rule's options among the unit's (all of them, and no other, when the pattern holds no `*`), the operands by
 * the wildcard. A rule that names no sub-command matches the unit's sub-command and what follows by its operands.
 * Never: decides which rule wins (`spelling-match.ts` does) or reads words (access-intent does).
 */
import type { CanonicalCommand, CanonicalLevel, CanonicalOption, RuleSpelling } from "@pi-permissions/access-intent";
import { compileWildcard, type WildcardMatcher } from "@pi-permissions/policy";

interface PatternOption {
	readonly name: string;
	/** The value's wildcard, or `null` when the rule gives none (then any value, or none, meets it). */
	readonly value: WildcardMatcher | null;
}

interface PatternLevel {
	readonly word: string;
	readonly options: readonly PatternOption[];
}

export interface MeaningPattern {
	readonly levels: readonly PatternLevel[];
	/** Over the operands joined by single spaces (and, for a rule naming fewer levels, the unit's levels after them). */
	readonly operands: WildcardMatcher;
	/** The pattern holds a `*` after the program: options it does not name may stand anywhere. */
	readonly open: boolean;
}

/** The meaning pattern of a rule read as a command, or `null` when it is matched only as written. */
export function meaningPatternOf(spelling: RuleSpelling): MeaningPattern | null {
	if (spelling.kind !== "command") return null;
	const { canonical } = spelling.spelling;
	const operands = canonical.operands.join(" ");
	return {
		levels: canonical.levels.map((level) => ({
			word: level.word,
			options: level.options.map((option) => ({
				name: option.name,
				value: option.value === null ? null : compileWildcard(option.value),
			})),
		})),
		// A `*` that went into an option's value (`curl -o *`) still stands for the words after it, as written.
		operands: compileWildcard(spelling.open && operands === "" ? "*" : operands),
		open: spelling.open,
	};
}

/** True when `unit`'s canonical spelling means what `pattern` says. */
export function matchesMeaning(pattern: MeaningPattern, unit: CanonicalCommand): boolean {
	const levels = pattern.levels;
	if (levels.length > unit.levels.length) return false;
	for (let at = 0; at < levels.length; at++) {
		const want = levels[at] as PatternLevel;
		const have = unit.levels[at] as CanonicalLevel;
		if (want.word !== have.word || !optionsMeet(want.options, have.options, pattern.open)) return false;
	}
	return pattern.operands.test(operandText(unit, levels.length));
}

function optionsMeet(want: readonly PatternOption[], have: readonly CanonicalOption[], open: boolean): boolean {
	for (const option of want) if (!have.some((each) => meets(option, each))) return false;
	if (open) return true;
	for (const each of have) if (!want.some((option) => meets(option, each))) return false;
	return true;
}

function meets(option: PatternOption, have: CanonicalOption): boolean {
	if (option.name !== have.name) return false;
	return option.value === null || (have.value !== null && option.value.test(have.value));
}

/** The unit's operands, after the levels a rule names no more of (`git *` meets `push -f origin main`). */
function operandText(unit: CanonicalCommand, from: number): string {
	if (from >= unit.levels.length) return unit.operands.join(" ");
	const words: string[] = [];
	for (const level of unit.levels.slice(from)) {
		words.push(level.word);
		for (const option of level.options)
			words.push(option.value === null ? option.name : `${option.name}=${option.value}`);
	}
	words.push(...unit.operands);
	return words.join(" ");
}
