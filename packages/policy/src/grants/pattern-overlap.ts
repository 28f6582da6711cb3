/**
 * Owns: two questions about wildcard patterns (the `wildcard.ts` language): can some value match both, and does
 * every value one matches also match the other. Both are answered over the patterns' automata, never by sampling.
 * Never: expands home or folds case (callers prepare both patterns alike); `patternContains` may say `false` when
 * unsure, `patternsOverlap` never says `false` when some value matches both.
 */

const STAR = 42;
const QUESTION = 63;

/** A pattern as alternatives of plain `*`/`?` sequences: `git *` is `git *` or `git` (the optional tail). */
function alternatives(pattern: string): readonly string[] {
	return pattern.length >= 2 && pattern.endsWith(" *") ? [pattern, pattern.slice(0, -2)] : [pattern];
}

/** Whether some value matches both plain sequences: a search over pairs of positions (product automaton). */
function plainOverlap(a: string, b: string): boolean {
	const width = b.length + 1;
	const seen = new Uint8Array((a.length + 1) * width);
	const stack: number[] = [0];
	while (stack.length > 0) {
		const state = stack.pop() as number;
		if (seen[state] === 1) continue;
		seen[state] = 1;
		const i = Math.floor(state / width);
		const j = state % width;
		if (i === a.length && j === b.length) return true;
		const x = i < a.length ? a.charCodeAt(i) : -1;
		const y = j < b.length ? b.charCodeAt(j) : -1;
		const push = (ni: number, nj: number) => {
			const next = ni * width + nj;
			if (seen[next] === 0) stack.push(next);
		};
		// A `*` may match nothing.
		if (x === STAR) push(i + 1, j);
		if (y === STAR) push(i, j + 1);
		if (x === -1 || y === -1) continue;
		// Both consume one common character; two literals must agree.
		const literalX = x !== STAR && x !== QUESTION;
		const literalY = y !== STAR && y !== QUESTION;
		if (literalX && literalY && x !== y) continue;
		const ni = x === STAR ? i : i + 1;
		const nj = y === STAR ? j : j + 1;
		if (ni !== i || nj !== j) push(ni, nj);
	}
	return false;
}

/** Longer patterns are not analysed: overlap is assumed and containment denied (both the safe answer). */
const MAX_ANALYSED_LENGTH = 1000;

/** True when some value matches both patterns. */
export function patternsOverlap(a: string, b: string): boolean {
	if (a.length > MAX_ANALYSED_LENGTH || b.length > MAX_ANALYSED_LENGTH) return true;
	for (const left of alternatives(a)) for (const right of alternatives(b)) if (plainOverlap(left, right)) return true;
	return false;
}

/**
 * Whether every value `inner` matches also matches `outer`: `outer` is matched against `inner` read as text in
 * which `inner`'s `*` may only meet a `*` of `outer`, and its `?` a `?` or `*` of `outer`. Sound, not complete.
 */
function plainContains(outer: string, inner: string): boolean {
	const width = inner.length + 1;
	const memo = new Int8Array((outer.length + 1) * width);
	const visit = (i: number, j: number): boolean => {
		const key = i * width + j;
		if (memo[key] !== 0) return memo[key] === 1;
		let result: boolean;
		if (i === outer.length) result = j === inner.length;
		else {
			const x = outer.charCodeAt(i);
			if (x === STAR) {
				// `*` of outer: match nothing, or swallow one token of inner (any kind).
				result = visit(i + 1, j) || (j < inner.length && visit(i, j + 1));
			} else if (j === inner.length) result = false;
			else {
				const y = inner.charCodeAt(j);
				if (y === STAR) result = false;
				else if (x === QUESTION) result = visit(i + 1, j + 1);
				else result = y !== QUESTION && x === y && visit(i + 1, j + 1);
			}
		}
		memo[key] = result ? 1 : 2;
		return result;
	};
	// INVARIANT: recursion depth is bounded by outer.length + inner.length; patterns are config keys (short).
	return visit(0, 0);
}

/** True only when every value `inner` matches is sure to match `outer`. */
export function patternContains(outer: string, inner: string): boolean {
	if (outer.length > MAX_ANALYSED_LENGTH || inner.length > MAX_ANALYSED_LENGTH) return false;
	const outerParts = alternatives(outer);
	return alternatives(inner).every((part) => outerParts.some((candidate) => plainContains(candidate, part)));
}
