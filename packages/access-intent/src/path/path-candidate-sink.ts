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
	private readonly external = new Map<string, AccessPath>();
	private readonly rules = new Map<string, AccessPath>();
	/** Paths already handed in: an `AccessPath` is frozen, so the same object always lands on the same keys. */
	private readonly seenPaths = new Set<AccessPath>();
	private readonly seenRules = new Set<AccessPath>();
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
		if (this.seenPaths.has(path)) return;
		this.seenPaths.add(path);
		this.addRuleOnly(path);
		if (!path.external) return;
		const key = path.kind === "resolved" ? `r\0${this.normalizer.flavor.fold(path.canonical)}` : `l\0${path.typed}`;
		if (!this.external.has(key)) this.external.set(key, path);
	}

	addRuleOnly(path: AccessPath): void {
		if (this.seenRules.has(path)) return;
		this.seenRules.add(path);
		const key = `${path.kind}\0${path.matchValues.join("\0")}`;
		if (!this.rules.has(key)) this.rules.set(key, path);
	}

	result(): BashPaths {
		return {
			externalPaths: Object.freeze([...this.external.values()]),
			ruleCandidates: Object.freeze([...this.rules.values()]),
			truncated: this.truncated,
		};
	}
}
