/**
 * Owns: the questions about two wildcard patterns (the `wildcard.ts` language) that grants and the CLI's lint ask:
 * a value both match (and so whether any does), and whether every value one matches also matches the other. Both are
 * answered over the patterns' automata, never by sampling.
 * Never: expands home or folds case (callers prepare both patterns alike); `patternContains` may say `false` when
 * unsure, `patternsOverlap` never says `false` when some value matches both.
 */

const STAR = 42;
const QUESTION = 63;
/** The token of a step that reads no character (a `*` matching nothing). */
const NOTHING = -1;
/** What a wildcard stands for in a value read off the automaton (as `*` or `?` filled by the lint's samples). */
const FILL = "x";

/** A pattern as alternatives of plain `*`/`?` sequences: `git *` is `git *` or `git` (the optional tail). */
function alternatives(pattern: string): readonly string[] {
	return pattern.length >= 2 && pattern.endsWith(" *") ? [pattern, pattern.slice(0, -2)] : [pattern];
}

/**
 * A value both plain sequences match, or `null` when none does: a depth-first search over pairs of positions (the
 * product automaton), each step recording the character it reads. Steps that read a character are tried before a `*`
 * matches nothing, and where two `*` meet they read one character, so the value reads like a filled pattern
 * (`npm *` and `npm test *` share `npm test x`, not `npm test `). The states reached are the product's, so a value
 * is found whenever one exists.
 */
function plainOverlapValue(a: string, b: string): string | null {
	const width = b.length + 1;
	const size = (a.length + 1) * width;
	const from = new Int32Array(size);
	const read = new Int32Array(size);
	const seen = new Uint8Array(size);
	const accept = a.length * width + b.length;
	// Triples (state, the state it was reached from, the token read on the way), the preferred step on top.
	const stack: number[] = [0, -1, NOTHING];
	const moves: number[] = [];
	while (stack.length > 0) {
		const token = stack.pop() as number;
		const previous = stack.pop() as number;
		const state = stack.pop() as number;
		if (seen[state] === 1) continue;
		seen[state] = 1;
		from[state] = previous;
		read[state] = token;
		if (state === accept) return valueAlong(from, read, accept);
		const i = Math.floor(state / width);
		const j = state % width;
		const x = i < a.length ? a.charCodeAt(i) : -1;
		const y = j < b.length ? b.charCodeAt(j) : -1;
		const starX = x === STAR;
		const starY = y === STAR;
		moves.length = 0;
		const move = (ni: number, nj: number, token: number) => moves.push(ni * width + nj, token);
		// Both read one common character; two literals must agree.
		if (x !== -1 && y !== -1 && !starX && !starY) {
			if (x === QUESTION) move(i + 1, j + 1, y);
			else if (y === QUESTION || y === x) move(i + 1, j + 1, x);
		}
		// A `*` reads the other side's character.
		if (starX && y !== -1 && !starY) move(i, j + 1, y);
		if (starY && x !== -1 && !starX) move(i + 1, j, x);
		// Two `*` read one character together, and one of them ends there.
		if (starX && starY) {
			move(i + 1, j, STAR);
			move(i, j + 1, STAR);
		}
		// A `*` matches nothing.
		if (starX && !starY) move(i + 1, j, NOTHING);
		if (starY && !starX) move(i, j + 1, NOTHING);
		for (let k = moves.length - 2; k >= 0; k -= 2) {
			const next = moves[k] as number;
			if (seen[next] === 0) stack.push(next, state, moves[k + 1] as number);
		}
	}
	return null;
}

/** The value read on the path from the start to `state`, a wildcard's character filled with `FILL`. */
function valueAlong(from: Int32Array, read: Int32Array, state: number): string {
	const codes: string[] = [];
	for (let at = state; at !== -1; at = from[at] as number) {
		const token = read[at] as number;
		if (token === NOTHING) continue;
		codes.push(token === STAR || token === QUESTION ? FILL : String.fromCharCode(token));
	}
	return codes.reverse().join("");
}

/** Longer patterns are not analysed: overlap is assumed (with no value to show) and containment denied. */
const MAX_ANALYSED_LENGTH = 1000;

function tooLong(a: string, b: string): boolean {
	return a.length > MAX_ANALYSED_LENGTH || b.length > MAX_ANALYSED_LENGTH;
}

/**
 * A value both patterns match, read off their automata (the full patterns first, then their bare forms for a ` *`
 * tail); `null` when no value matches both, or when a pattern is too long to analyse.
 */
export function overlapValue(a: string, b: string): string | null {
	if (tooLong(a, b)) return null;
	for (const left of alternatives(a))
		for (const right of alternatives(b)) {
			const value = plainOverlapValue(left, right);
			if (value !== null) return value;
		}
	return null;
}

/** True when some value matches both patterns (assumed for patterns too long to analyse: the safe answer). */
export function patternsOverlap(a: string, b: string): boolean {
	return tooLong(a, b) || overlapValue(a, b) !== null;
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

/** True only when every value `inner` matches is sure to match `outer` (a pattern contains itself; `*` all). */
export function patternContains(outer: string, inner: string): boolean {
	if (outer === inner || /^\*+$/.test(outer)) return true;
	if (tooLong(outer, inner)) return false;
	const outerParts = alternatives(outer);
	return alternatives(inner).every((part) => outerParts.some((candidate) => plainContains(candidate, part)));
}
