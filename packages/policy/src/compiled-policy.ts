/**
 * Owns: evaluation of a ruleset (last match wins), with patterns compiled once and rules indexed by surface and
 * literal affix, the grant law (session rules answer only what the composed rules leave at `ask`), and the managed
 * tier (rules of origin `managed`, looked up on their own and combined above everything else, ADR 0055).
 * Never: composes scopes or applies overlays (see `policy-composition.ts`); it evaluates what it is given.
 */
import { expandHome } from "./home-expansion";
import { combineWithManaged } from "./managed/managed-tier";
import type { PathFlavor } from "./path-flavor";
import { type PermissionState, restrictiveness } from "./permission-state";
import type { Rule, Ruleset } from "./rule";
import { UNIVERSAL_SURFACE } from "./rule";
import type { RuleMatch } from "./rule-match";
import { PATH_SURFACES } from "./surface";
import { compileWildcard, hasWildcard, type WildcardMatcher } from "./wildcard";

export interface PolicyEnvironment {
	/** Home directory for `~`, `$HOME`, `${HOME}` expansion in patterns and values. */
	readonly home: string;
	readonly flavor: PathFlavor;
	/**
	 * The clock a rule's end (`expires`, ADR 0061) is compared with at every evaluation, in epoch milliseconds; absent:
	 * the system clock. Tests inject a fake one.
	 */
	readonly now?: () => number;
}

/** Whether a rule decides at `now`: a rule with an end decides strictly before it, never at or after. */
function liveAt(rule: Rule, now: () => number): boolean {
	return rule.expires === undefined || now() < rule.expires;
}

interface Entry {
	readonly index: number;
	readonly rule: Rule;
	readonly matcher: WildcardMatcher;
}

/** A character trie over literal affixes; each node holds the entries whose affix ends there. */
interface TrieNode {
	readonly children: Map<number, TrieNode>;
	readonly entries: Entry[];
}

const newNode = (): TrieNode => ({ children: new Map(), entries: [] });

function trieInsert(root: TrieNode, affix: string, reversed: boolean, entry: Entry): void {
	let node = root;
	for (let k = 0; k < affix.length; k++) {
		const code = affix.charCodeAt(reversed ? affix.length - 1 - k : k);
		let next = node.children.get(code);
		if (!next) {
			next = newNode();
			node.children.set(code, next);
		}
		node = next;
	}
	node.entries.push(entry);
}

/**
 * Rules that apply to one surface, indexed for lookup by value: exact patterns in a map, patterns with a literal
 * prefix in a prefix trie, the rest with a literal suffix in a suffix trie, and only patterns with neither (`*x*`)
 * in a list scanned from the end. A lookup tests just the rules whose literal affixes fit the value.
 */
class SurfaceIndex {
	/** Entries by exact pattern, in index order (an ended rule leaves the one before it to decide). */
	private readonly exact = new Map<string, Entry[]>();
	private readonly prefixes = newNode();
	private readonly suffixes = newNode();
	private readonly residual: Entry[] = [];

	constructor(
		entries: readonly Entry[],
		private readonly live: (entry: Entry) => boolean,
	) {
		for (const entry of entries) {
			const { matcher } = entry;
			if (!hasWildcard(matcher.pattern)) {
				const same = this.exact.get(matcher.pattern);
				if (same) same.push(entry);
				else this.exact.set(matcher.pattern, [entry]);
			} else if (matcher.literalPrefix !== "") trieInsert(this.prefixes, matcher.literalPrefix, false, entry);
			else if (matcher.literalSuffix !== "") trieInsert(this.suffixes, matcher.literalSuffix, true, entry);
			else this.residual.push(entry);
		}
	}

	/** The highest-index entry matching `value`, or undefined. */
	lookup(value: string): Entry | undefined {
		let best = this.exact.get(value)?.findLast(this.live);
		best = walk(this.prefixes, value, false, best, this.live);
		best = walk(this.suffixes, value, true, best, this.live);
		const floor = best ? best.index : -1;
		// INVARIANT: residual is in index order, so the first match from the end is its last matching rule.
		for (let i = this.residual.length - 1; i >= 0; i--) {
			const entry = this.residual[i] as Entry;
			if (entry.index < floor) break;
			if (entry.matcher.test(value) && this.live(entry)) return entry;
		}
		return best;
	}
}

function walk(
	root: TrieNode,
	value: string,
	reversed: boolean,
	best: Entry | undefined,
	live: (entry: Entry) => boolean,
): Entry | undefined {
	let node: TrieNode | undefined = root;
	let result = best;
	for (let k = 0; node; k++) {
		for (const entry of node.entries) {
			if ((!result || entry.index > result.index) && entry.matcher.test(value) && live(entry)) result = entry;
		}
		if (k >= value.length) break;
		node = node.children.get(value.charCodeAt(reversed ? value.length - 1 - k : k));
	}
	return result;
}

const EMPTY: readonly Entry[] = [];
const SURFACE_CACHE_LIMIT = 1024;

/** One compiled, indexed list of rules. */
class RuleIndex {
	readonly rules: Ruleset;
	private readonly env: PolicyEnvironment;
	private readonly bySurface = new Map<string, Entry[]>();
	private readonly wildcardSurfaces: { readonly surface: WildcardMatcher; readonly entry: Entry }[] = [];
	private readonly surfaceCache = new Map<string, SurfaceIndex>();
	// SECURITY: ADR 0061: an ended rule is skipped at every lookup, so no cached policy outlives a rule's end.
	private readonly live: (entry: Entry) => boolean;

	constructor(rules: Ruleset, env: PolicyEnvironment) {
		this.rules = rules;
		this.env = env;
		const now = env.now ?? Date.now;
		this.live = (entry) => liveAt(entry.rule, now);
		rules.forEach((rule, index) => {
			const entry: Entry = { index, rule, matcher: compileWildcard(this.prepare(rule.surface, rule.pattern)) };
			if (hasWildcard(rule.surface)) {
				this.wildcardSurfaces.push({ surface: compileWildcard(rule.surface), entry });
			} else {
				const list = this.bySurface.get(rule.surface);
				if (list) list.push(entry);
				else this.bySurface.set(rule.surface, [entry]);
			}
		});
	}

	/** The highest-index entry matching any alias, with the alias it matched. */
	lookup(surface: string, aliases: readonly string[]): { entry: Entry; value: string } | undefined {
		const index = this.indexFor(surface);
		let best: { entry: Entry; value: string } | undefined;
		for (const raw of aliases) {
			const found = index.lookup(this.prepare(surface, raw));
			if (found && (!best || found.index > best.entry.index)) best = { entry: found, value: raw };
		}
		return best;
	}

	/** The index of every rule matching `value` on `surface`, in evaluation order (the last one wins). */
	matchingIndexes(surface: string, value: string): number[] {
		const found: number[] = [];
		for (let index = 0; index < this.rules.length; index++)
			if (this.matchesAt(index, surface, value)) found.push(index);
		return found;
	}

	/** True when the rule at `index` applies to `surface` and matches `value`. */
	matchesAt(index: number, surface: string, value: string): boolean {
		const rule = this.rules[index];
		if (rule === undefined || !liveAt(rule, this.env.now ?? Date.now)) return false;
		if (hasWildcard(rule.surface) ? !compileWildcard(rule.surface).test(surface) : rule.surface !== surface)
			return false;
		return compileWildcard(this.prepare(surface, rule.pattern)).test(this.prepare(surface, value));
	}

	prepare(surface: string, text: string): string {
		const expanded = expandHome(text, this.env.home);
		return PATH_SURFACES.has(surface) ? this.env.flavor.fold(expanded) : expanded;
	}

	private indexFor(surface: string): SurfaceIndex {
		const cached = this.surfaceCache.get(surface);
		if (cached) return cached;
		const entries = [...(this.bySurface.get(surface) ?? EMPTY)];
		let merged = false;
		for (const { surface: matcher, entry } of this.wildcardSurfaces) {
			if (!matcher.test(surface)) continue;
			// A universal-surface rule is recompiled for a path surface so its pattern folds like the values do.
			const matcherFor = PATH_SURFACES.has(surface)
				? compileWildcard(this.prepare(surface, entry.rule.pattern))
				: entry.matcher;
			entries.push({ ...entry, matcher: matcherFor });
			merged = true;
		}
		if (merged) entries.sort((x, y) => x.index - y.index);
		const index = new SurfaceIndex(entries, this.live);
		if (this.surfaceCache.size < SURFACE_CACHE_LIMIT) this.surfaceCache.set(surface, index);
		return index;
	}
}

/**
 * A compiled policy: the composed rules, plus optionally the session grants layered on them. Session rules are
 * compiled on their own so an approval never recompiles the (possibly large) config ruleset.
 *
 * The grant law (ADR 0022): the composed rules decide first; a session rule answers only where they say `ask`. So a
 * grant turns an ask into an allow (or a human's session deny into a deny) and never touches what the policy already
 * settled: a denied call stays denied whatever grants exist, and an allowed call stays allowed.
 */
export class CompiledPolicy {
	/** The composed rules below the managed tier. */
	private readonly base: RuleIndex;
	private readonly session: RuleIndex | null;
	/** The managed tier (origin `managed`), combined above the base and the session rules; `null` when it has none. */
	private readonly managed: RuleIndex | null;
	/** Every composed rule in order (explanations index into it); `base` itself when there is no managed tier. */
	private readonly all: RuleIndex;

	private constructor(base: RuleIndex, session: RuleIndex | null, managed: RuleIndex | null, all: RuleIndex) {
		this.base = base;
		this.session = session;
		this.managed = managed;
		this.all = all;
	}

	static compile(rules: Ruleset, env: PolicyEnvironment): CompiledPolicy {
		const managed = rules.filter((rule) => rule.origin === "managed");
		if (managed.length === 0) {
			const index = new RuleIndex(rules, env);
			return new CompiledPolicy(index, null, null, index);
		}
		const lower = rules.filter((rule) => rule.origin !== "managed");
		return new CompiledPolicy(new RuleIndex(lower, env), null, new RuleIndex(managed, env), new RuleIndex(rules, env));
	}

	/** Every rule: composed rules, then session rules (which answer only the composed rules' asks). */
	get rules(): Ruleset {
		return this.session ? [...this.all.rules, ...this.session.rules] : this.all.rules;
	}

	/** The composed rules without session rules (the managed tier's included, in composition order). */
	get composedRules(): Ruleset {
		return this.all.rules;
	}

	/**
	 * The index in `composedRules` of every composed rule matching `value` on `surface`, in evaluation order: the last
	 * one is the rule `evaluate` returns. For explaining a decision (a linear scan), never for deciding one.
	 */
	matchingRuleIndexes(surface: string, value: string): readonly number[] {
		return this.all.matchingIndexes(surface, value);
	}

	/** This policy with `sessionRules` layered on the composed rules (replacing any earlier session rules). */
	withSessionRules(sessionRules: Ruleset, env: PolicyEnvironment): CompiledPolicy {
		const session = sessionRules.length > 0 ? new RuleIndex(sessionRules, env) : null;
		return new CompiledPolicy(this.base, session, this.managed, this.all);
	}

	/** Last match wins for one value; session rules answer only an `ask`. */
	evaluate(surface: string, value: string): RuleMatch {
		return this.evaluateAliases(surface, [value]);
	}

	/**
	 * Last match wins over the union of aliases (lexical spellings and canonical form of one path): the highest-index
	 * composed rule matching any alias decides; only when it says `ask` may a session rule matching an alias answer.
	 */
	evaluateAliases(surface: string, aliases: readonly string[]): RuleMatch {
		const lower = this.lowerAliases(surface, aliases);
		if (this.managed === null) return lower;
		// SECURITY: ADR 0055: the managed tier decides last, over every scope, grant and overlay below it.
		const found = this.managed.lookup(surface, aliases);
		return combineWithManaged(lower, found ? toMatch(surface, found.entry.rule, found.value) : undefined);
	}

	private lowerAliases(surface: string, aliases: readonly string[]): RuleMatch {
		const settled = lookupMatch(this.base, surface, aliases);
		// SECURITY: ADR 0022: a grant (`rm *`, `git push *`) never overrides a deny (`rm -rf *`, `git push --force *`).
		if (this.session === null || settled.state !== "ask") return settled;
		const found = this.session.lookup(surface, aliases);
		return found ? toMatch(surface, found.entry.rule, found.value) : settled;
	}

	/**
	 * The composed rules alone, last match wins over the union of `aliases`, with the deciding rule's index in
	 * `composedRules` (-1 for the built-in fallback). For weighing several spellings of one command by the order of the
	 * rules they reach (the engine's bash check, ADR 0053); a session rule answers only through `evaluateAliases` or
	 * `answerAsk`, so the grant law holds.
	 */
	composedMatch(surface: string, aliases: readonly string[]): { readonly match: RuleMatch; readonly index: number } {
		const found = this.base.lookup(surface, aliases);
		return found
			? { match: toMatch(surface, found.entry.rule, found.value), index: found.entry.index }
			: { match: builtinAsk(aliases[0] ?? ""), index: -1 };
	}

	/**
	 * True when the composed rule at `index` applies to `surface` and matches `value`, as evaluation matches it. One rule
	 * at a time, compiled on each call: for the rare question whether a deciding rule also meets another spelling.
	 */
	composedRuleMatches(index: number, surface: string, value: string): boolean {
		return this.base.matchesAt(index, surface, value);
	}

	/**
	 * The session rule answering an ask the caller settled from the composed rules (ADR 0022: a grant answers only an
	 * ask), matching any of `aliases`, or `null` when none does.
	 */
	answerAsk(surface: string, aliases: readonly string[]): RuleMatch | null {
		const found = this.session?.lookup(surface, aliases);
		return found ? toMatch(surface, found.entry.rule, found.value) : null;
	}

	/**
	 * Ordered candidates naming one target (MCP): a specific match (a rule on this surface whose pattern is not a
	 * catch-all) on any candidate beats the catch-all; among specific matches the most restrictive wins, the earliest
	 * candidate on a tie. With no specific match the first candidate's result stands. The composed rules decide this
	 * over all candidates first; only when they say `ask` may a session rule on any candidate answer (the most
	 * restrictive such rule, the earliest candidate on a tie).
	 */
	evaluateCandidates(surface: string, candidates: readonly string[]): RuleMatch {
		const lower = this.lowerCandidates(surface, candidates);
		const managed = this.managed;
		if (managed === null) return lower;
		// The managed tier chooses among the candidates by the same rule; a candidate it has no rule for says nothing.
		const chosen = chooseCandidate(candidates, (candidate) => {
			const found = managed.lookup(surface, [candidate]);
			return found ? toMatch(surface, found.entry.rule, found.value) : NO_MATCH;
		});
		return combineWithManaged(lower, chosen === NO_MATCH ? undefined : chosen);
	}

	private lowerCandidates(surface: string, candidates: readonly string[]): RuleMatch {
		const settled = chooseCandidate(candidates, (candidate) => lookupMatch(this.base, surface, [candidate]));
		// SECURITY: ADR 0022: a grant on one candidate cannot lift a deny the composed rules reach on another.
		if (this.session === null || settled.state !== "ask") return settled;
		let granted: RuleMatch | undefined;
		for (const candidate of candidates) {
			const found = this.session.lookup(surface, [candidate]);
			if (!found) continue;
			const match = toMatch(surface, found.entry.rule, found.value);
			if (!granted || restrictiveness(match.state) > restrictiveness(granted.state)) granted = match;
		}
		return granted ?? settled;
	}

	/**
	 * The surface-level state used for tool exposure: what the surface's catch-all (its own `*` rule, else the
	 * universal default) says, ignoring narrower patterns.
	 */
	surfaceState(surface: string): PermissionState {
		return this.evaluate(surface, "*").state;
	}
}

/** What a tier with no matching rule says while candidates are chosen (never returned from an evaluation). */
const NO_MATCH: RuleMatch = {
	state: "allow",
	rule: null,
	matchedPattern: null,
	origin: "managed",
	reason: null,
	matchedValue: "",
};

function lookupMatch(index: RuleIndex, surface: string, aliases: readonly string[]): RuleMatch {
	const found = index.lookup(surface, aliases);
	return found ? toMatch(surface, found.entry.rule, found.value) : builtinAsk(aliases[0] ?? "");
}

function chooseCandidate(candidates: readonly string[], evaluate: (candidate: string) => RuleMatch): RuleMatch {
	let chosen: RuleMatch | undefined;
	let first: RuleMatch | undefined;
	for (const candidate of candidates) {
		const match = evaluate(candidate);
		first ??= match;
		if (!isSpecific(match)) continue;
		if (!chosen || restrictiveness(match.state) > restrictiveness(chosen.state)) chosen = match;
	}
	return chosen ?? first ?? evaluate("");
}

/** A match that names this target: a rule on a concrete surface whose pattern is narrower than "everything". */
function isSpecific(match: RuleMatch): boolean {
	const rule = match.rule;
	if (!rule || rule.surface === UNIVERSAL_SURFACE || rule.origin === "builtin") return false;
	return !isCatchAll(rule.pattern);
}

/** `*`, `**`, … match every value. */
export function isCatchAll(pattern: string): boolean {
	if (pattern.length === 0) return false;
	for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) !== 42) return false;
	return true;
}

function toMatch(surface: string, rule: Rule, value: string): RuleMatch {
	const synthetic = rule.origin === "builtin" || rule.origin === "baseline";
	return {
		state: rule.action,
		rule,
		matchedPattern:
			synthetic || (rule.surface === UNIVERSAL_SURFACE && surface !== UNIVERSAL_SURFACE) ? null : rule.pattern,
		origin: rule.origin,
		reason: rule.reason ?? null,
		matchedValue: value,
	};
}

/** What an empty policy says: ask, from the built-in fallback. */
function builtinAsk(value: string): RuleMatch {
	return { state: "ask", rule: null, matchedPattern: null, origin: "builtin", reason: null, matchedValue: value };
}
