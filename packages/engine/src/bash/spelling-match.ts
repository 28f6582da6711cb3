/**
 * Owns: matching a unit's spellings besides the written ones against the bash rules (ADR 0053), over the rules read
 * as commands once per composed ruleset (`SpellingRuleBook`):
 * - the words without options that change no effect (`git --no-pager log -3` is `git log -3`), for every rule: a
 *   rule reached only there decides when it comes after every rule the written spellings reach, unless the written
 *   match's rule names what the plain words lack (`git --no-pager *: deny`): then the stricter of the two wins;
 * - the canonical spelling, as text and by meaning against each rule's own canonical spelling (`rm -rf *` meets
 *   `rm -r -f x`, `rm --recursive --force x`, `rm -f -i -r x`): the last rule reached so decides only when it is a
 *   deny or an ask, comes after every rule the other spellings reach, and is stricter; a later allow reached by
 *   meaning stands in the way of an earlier deny, but never allows by itself.
 * So a decision by meaning is never less restrictive than the one without it.
 * Never: judges wrappers or floors, or the written spellings (`bash-command-check.ts` does).
 */
import { type CommandSpelling, type CommandUnit, ruleSpelling, unitSpelling } from "@pi-permissions/access-intent";
import {
	BASH_SURFACE,
	type CompiledPolicy,
	compileWildcard,
	hasWildcard,
	isCatchAll,
	type Rule,
	type RuleMatch,
	restrictiveness,
	UNIVERSAL_SURFACE,
} from "@pi-permissions/policy";
import { type MeaningPattern, matchesMeaning, meaningPatternOf } from "./meaning-pattern";

/** Which spelling of a unit the deciding rule matched. */
export type MatchedSpelling = "as-written" | "without-inert" | "canonical" | "by-meaning";

export interface SpelledMatch {
	readonly match: RuleMatch;
	readonly spelling: MatchedSpelling;
}

interface BookEntry {
	readonly index: number;
	readonly rule: Rule;
	readonly pattern: MeaningPattern;
}

/** The composed bash rules read as commands, by program, each list from the last rule to the first. */
interface SpellingRuleBook {
	/** Each composed rule's index. */
	readonly indexOf: ReadonlyMap<Rule, number>;
	readonly byProgram: ReadonlyMap<string, readonly BookEntry[]>;
	/** Programs a deny or ask rule names as its first word. */
	readonly strictPrograms: ReadonlySet<string>;
	/** Programs any rule names as its first word. */
	readonly namedPrograms: ReadonlySet<string>;
	/** A deny or ask rule whose pattern names no program and is not a catch-all (`* --force *`). */
	readonly strictUnnamed: boolean;
	/** Any rule whose pattern names no program and is not a catch-all. */
	readonly anyUnnamed: boolean;
	/** Per program, the index of the last bash rule naming it as its first word. */
	readonly lastNaming: ReadonlyMap<string, number>;
	/** The index of the last bash rule whose first word is not a literal program (`*`, `* --force *`), or -1. */
	readonly lastUnnamed: number;
}

const BOOKS = new WeakMap<readonly Rule[], SpellingRuleBook>();

/** The rule book of `policy`'s composed rules, read once per ruleset. */
function spellingRuleBook(policy: CompiledPolicy): SpellingRuleBook {
	const rules = policy.composedRules;
	const known = BOOKS.get(rules);
	if (known !== undefined) return known;
	const book = readBook(rules);
	BOOKS.set(rules, book);
	return book;
}

function readBook(rules: readonly Rule[]): SpellingRuleBook {
	const byProgram = new Map<string, BookEntry[]>();
	const strictPrograms = new Set<string>();
	const namedPrograms = new Set<string>();
	const indexOf = new Map<Rule, number>();
	let strictUnnamed = false;
	let anyUnnamed = false;
	const lastNaming = new Map<string, number>();
	let lastUnnamed = -1;
	for (let index = rules.length - 1; index >= 0; index--) {
		const rule = rules[index] as Rule;
		indexOf.set(rule, index);
		if (!appliesToBash(rule)) continue;
		const program = namedProgram(rule.pattern);
		if (program === null) lastUnnamed = Math.max(lastUnnamed, index);
		else if (!lastNaming.has(program)) lastNaming.set(program, index);
		if (isCatchAll(rule.pattern)) continue;
		const strict = rule.action !== "allow";
		if (program === null) {
			anyUnnamed = true;
			strictUnnamed ||= strict;
			continue;
		}
		namedPrograms.add(program);
		if (strict) strictPrograms.add(program);
		const pattern = meaningPatternOf(ruleSpelling(rule.pattern));
		if (pattern === null) continue;
		const list = byProgram.get(program);
		if (list === undefined) byProgram.set(program, [{ index, rule, pattern }]);
		else list.push({ index, rule, pattern });
	}
	return { indexOf, byProgram, strictPrograms, namedPrograms, strictUnnamed, anyUnnamed, lastNaming, lastUnnamed };
}

function appliesToBash(rule: Rule): boolean {
	return hasWildcard(rule.surface) ? compileWildcard(rule.surface).test(BASH_SURFACE) : rule.surface === BASH_SURFACE;
}

/** The literal first word of a pattern (`rm` of `rm -rf *`), or `null` when a wildcard reaches into it. */
function namedProgram(pattern: string): string | null {
	const end = pattern.indexOf(" ");
	const first = end === -1 ? pattern : pattern.slice(0, end);
	return first === "" || hasWildcard(first) ? null : first;
}

/**
 * The unit's match over its other spellings, given `written` (the strictest over the written spellings, `texts`).
 * Returns `written` unchanged when no rule can see another spelling of this unit.
 */
export function spelledMatch(
	unit: CommandUnit,
	written: RuleMatch,
	texts: readonly string[],
	policy: CompiledPolicy,
): SpelledMatch {
	const name = unit.commandName;
	const book = spellingRuleBook(policy);
	if (name === null) return { match: written, spelling: "as-written" };
	const strict = book.strictUnnamed || book.strictPrograms.has(name);
	if (!strict && !book.anyUnnamed && !book.namedPrograms.has(name)) return { match: written, spelling: "as-written" };
	const spelling = unitSpelling(unit);
	if (spelling === null || (!strict && spelling.withoutInert === null))
		return { match: written, spelling: "as-written" };
	const writtenIndex = policy.composedMatch(BASH_SURFACE, texts).index;
	const base = withoutInert(spelling, written, writtenIndex, policy, book);
	if (!strict) return base;
	return byMeaning(name, spelling, base, texts, policy, book);
}

interface Weighed extends SpelledMatch {
	/** The index of the last composed rule the spellings so far reach. */
	readonly index: number;
}

/**
 * The written match weighed with the words without inert options: a later rule those words meet decides, as the last
 * match does for the plain command (`git log *: allow` after `*: ask` or `*: deny` for `git --no-pager log`), unless
 * the written match's rule does not meet the plain words: it names what they lack (`git --no-pager *: deny`), so it
 * stands beside them and the stricter of the two wins.
 */
function withoutInert(
	spelling: CommandSpelling,
	written: RuleMatch,
	index: number,
	policy: CompiledPolicy,
	book: SpellingRuleBook,
): Weighed {
	const plain = spelling.withoutInert;
	if (plain === null) return { match: written, spelling: "as-written", index };
	const stripped = policy.composedMatch(BASH_SURFACE, [plain]);
	if (stripped.index <= index) return { match: written, spelling: "as-written", index };
	const match = policy.evaluate(BASH_SURFACE, plain);
	const decided = { match, spelling: "without-inert", index: stripped.index } as const;
	const rule = written.rule;
	const at = rule === null ? -1 : (book.indexOf.get(rule) ?? -1);
	if (rule === null || (at >= 0 && policy.composedRuleMatches(at, BASH_SURFACE, plain))) return decided;
	// SECURITY: a rule written for the spelling as given, or a session's answer to it, is not overtaken by plain words.
	return restrictiveness(written.state) >= restrictiveness(match.state)
		? { match: written, spelling: "as-written", index }
		: decided;
}

function byMeaning(
	name: string,
	spelling: CommandSpelling,
	base: Weighed,
	texts: readonly string[],
	policy: CompiledPolicy,
	book: SpellingRuleBook,
): SpelledMatch {
	// Only a rule after `base`'s can change it, and only one whose first word is this program or no literal program
	// can meet the canonical spelling (as text or by meaning): without one, the spelling is not read at all.
	if (Math.max(book.lastNaming.get(name) ?? -1, book.lastUnnamed) <= base.index) return base;
	const canonical = spelling.canonical;
	// A canonical text already written is already weighed in `base` (its index is at most `base.index`): only a rule
	// reached by meaning can add to it. Most units are written canonically, so this saves a lookup per unit.
	const asText = texts.includes(canonical.text) ? null : policy.composedMatch(BASH_SURFACE, [canonical.text]);
	let index = asText === null ? -1 : asText.index;
	let found: SpelledMatch = { match: asText === null ? base.match : asText.match, spelling: "canonical" };
	for (const entry of book.byProgram.get(name) ?? []) {
		if (entry.index <= Math.max(index, base.index)) break;
		if (!matchesMeaning(entry.pattern, canonical)) continue;
		index = entry.index;
		found = { match: ruleMatch(entry.rule, canonical.text), spelling: "by-meaning" };
		break;
	}
	// The last rule reached by meaning stands only when it comes after the rest and is a deny or an ask: an allow
	// reached by meaning never allows, and the strictest wins, so meaning never lowers a decision.
	if (index <= base.index || found.match.state === "allow") return base;
	if (restrictiveness(found.match.state) < restrictiveness(base.match.state)) return base;
	// As strict as a rule written for this program: that rule is the one reported (`rm -rf x` names `rm -rf *`, not a
	// later `rm -fr *` that says the same); a catch-all gives way to the rule that names the operation.
	const written = base.match.rule;
	if (found.match.state === base.match.state && written !== null && !isCatchAll(written.pattern)) return base;
	if (found.match.state === "ask") {
		// A grant answers an ask the composed rules raise by meaning as it answers any other (ADR 0022).
		const grant = policy.answerAsk(BASH_SURFACE, texts);
		if (grant !== null) return { match: grant, spelling: "as-written" };
	}
	return found;
}

/** The match `rule` makes on `value`, as the policy reports one (a universal-surface rule names no pattern). */
function ruleMatch(rule: Rule, value: string): RuleMatch {
	const synthetic = rule.origin === "builtin" || rule.origin === "baseline";
	return {
		state: rule.action,
		rule,
		matchedPattern: synthetic || rule.surface === UNIVERSAL_SURFACE ? null : rule.pattern,
		origin: rule.origin,
		reason: rule.reason ?? null,
		matchedValue: value,
	};
}
