/**
 * Owns: the de-duplicated, first-seen-ordered lists of one command's path candidates (external and rule candidates)
 * and the work budget that bounds collecting them.
 * Never: decides what is a candidate; the collector does, and hands each `AccessPath` in.
 */
import type { AccessPath } from "./access-path";
import type { PathNormalizer } from "./path-normalizer";

export interface BashPaths {
	/** Candidates outside the working directory (canonical form decides), de-duplicated, in first-seen order. */
	readonly externalPaths: readonly AccessPath[];
	/** Every candidate a path rule is evaluated against, including literal spellings that could not be resolved. */
	readonly ruleCandidates: readonly AccessPath[];
	/**
	 * True when the work budget ran out before every word was examined; the lists are then incomplete, so the caller
	 * must not allow on them (an `UNCHECKED_PATHS` literal is also listed as external so a path gate cannot pass).
	 */
	readonly truncated: boolean;
}

/** Word examinations (one word value against one base) allowed per command. */
export const MAX_PATH_WORK = 5_000;

/**
 * File-system questions allowed per command (cache hits are free). A word may overshoot it by its own cost, at most
 * `2 * MAX_CANONICAL_STEPS + 2`; glob listings are bounded separately (`GLOB_LISTING_LIMIT`).
 */
export const MAX_PROBE_CALLS = 20_000;

/** The external literal listed when the work budget ran out. */
export const UNCHECKED_PATHS = "<paths not checked: command too large>";

export class PathCandidateSink {
	/** Made at the first candidate: most one-unit commands hand in none, and a call should not pay for ten sets. */
	private lists: SinkLists | null = null;
	private work = 0;
	truncated = false;

	/** `normalizer` should be a `withProbeCache()` view, whose probe calls are counted against the budget. */
	constructor(private readonly normalizer: PathNormalizer) {}

	/** Counts one word examination; past the budget, marks the result truncated and lists the unchecked marker. */
	spend(): boolean {
		this.work++;
		if (this.work <= MAX_PATH_WORK && this.normalizer.probeCalls() <= MAX_PROBE_CALLS) return true;
		if (!this.truncated) {
			this.truncated = true;
			// SECURITY: padding a command with words must not push a path past the gates unseen.
			this.addPath(this.normalizer.forLiteral(UNCHECKED_PATHS, { external: true, reason: "unresolved-word" }));
		}
		return false;
	}

	/** A candidate for path rules, and an external path when it lies outside cwd. */
	addPath(path: AccessPath): void {
		const lists = this.listsOf();
		if (lists.seenPaths.has(path)) return;
		lists.seenPaths.add(path);
		this.addRuleOnly(path);
		if (!path.external) return;
		const resolved = path.kind === "resolved";
		const keys = resolved ? lists.externalCanonicals : lists.externalLiterals;
		const key = resolved ? this.normalizer.flavor.fold(path.canonical) : path.typed;
		if (keys.has(key)) return;
		keys.add(key);
		lists.external.push(path);
	}

	/** A candidate for path rules only; one with the same kind and match values as an earlier one is dropped. */
	addRuleOnly(path: AccessPath): void {
		const lists = this.listsOf();
		if (lists.seenRules.has(path)) return;
		lists.seenRules.add(path);
		const keys = path.kind === "resolved" ? lists.resolvedRules : lists.literalRules;
		if (keys.isNew(path.matchValues)) lists.rules.push(path);
	}

	result(): BashPaths {
		const lists = this.lists;
		return {
			externalPaths: Object.freeze(lists === null ? [] : [...lists.external]),
			ruleCandidates: Object.freeze(lists === null ? [] : [...lists.rules]),
			truncated: this.truncated,
		};
	}

	private listsOf(): SinkLists {
		this.lists ??= {
			external: [],
			externalCanonicals: new Set(),
			externalLiterals: new Set(),
			rules: [],
			resolvedRules: new RuleKeys(),
			literalRules: new RuleKeys(),
			seenPaths: new Set(),
			seenRules: new Set(),
		};
		return this.lists;
	}
}

interface SinkLists {
	readonly external: AccessPath[];
	/** External resolved paths by folded canonical form, external literals by spelling. */
	readonly externalCanonicals: Set<string>;
	readonly externalLiterals: Set<string>;
	readonly rules: AccessPath[];
	readonly resolvedRules: RuleKeys;
	readonly literalRules: RuleKeys;
	/** Paths already handed in: an `AccessPath` is frozen, so the same object always lands on the same keys. */
	readonly seenPaths: Set<AccessPath>;
	readonly seenRules: Set<AccessPath>;
}

/**
 * The match-value lists seen so far, equal when their `\0`-joined spellings are. Most lists differ in their first
 * field (the lexical form), so the joined key is built only when a first field repeats.
 */
class RuleKeys {
	/** First field of the joined key (the first value up to any `\0`) to the lists seen with it but not yet joined. */
	private readonly byFirstField = new Map<string, readonly string[] | null>();
	private readonly joined = new Set<string>();

	isNew(values: readonly string[]): boolean {
		const first = values[0] ?? "";
		const nul = first.indexOf("\0");
		const field = nul < 0 ? first : first.slice(0, nul);
		const pending = this.byFirstField.get(field);
		if (pending === undefined) {
			this.byFirstField.set(field, values);
			return true;
		}
		if (pending !== null) {
			// A second list with this first field: from now on its lists are compared by their joined key.
			this.joined.add(pending.join("\0"));
			this.byFirstField.set(field, null);
		}
		const key = values.join("\0");
		if (this.joined.has(key)) return false;
		this.joined.add(key);
		return true;
	}
}
