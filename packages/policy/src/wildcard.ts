/**
 * Owns: the wildcard pattern language (`*` any run incl. `/` and newlines, `?` one character, everything else
 * literal, optional trailing ` *`) compiled once into a matcher that runs in time linear in the value per segment.
 * Never: expands home or folds case by itself; callers prepare pattern and value (see `preparePatternText`).
 */

export interface WildcardMatcher {
	readonly pattern: string;
	/** True when the pattern matches every value (`*`, `**`, …). */
	readonly matchesEverything: boolean;
	/** Literal text every matching value starts with (before the first wildcard; of the bare form for ` *`). */
	readonly literalPrefix: string;
	/** Literal text every matching value ends with (after the last wildcard; empty for an optional ` *`). */
	readonly literalSuffix: string;
	test(value: string): boolean;
}

const STAR = 42; // *
const QUESTION = 63; // ?

/**
 * A pattern split at `*`: segments[0] must start the value, the last segment must end it, the middle ones appear
 * in order. `?` inside a segment matches exactly one UTF-16 code unit.
 */
interface Segmented {
	readonly segments: readonly string[];
	readonly hasStar: boolean;
	readonly hasQuestion: boolean;
}

function segment(pattern: string): Segmented {
	const segments: string[] = [];
	let current = "";
	let hasStar = false;
	let hasQuestion = false;
	for (let i = 0; i < pattern.length; i++) {
		const code = pattern.charCodeAt(i);
		if (code === STAR) {
			hasStar = true;
			segments.push(current);
			current = "";
			while (pattern.charCodeAt(i + 1) === STAR) i++; // `**` is `*`
		} else {
			if (code === QUESTION) hasQuestion = true;
			current += pattern[i];
		}
	}
	segments.push(current);
	return { segments, hasStar, hasQuestion };
}

function segmentMatchesAt(value: string, at: number, seg: string): boolean {
	if (at + seg.length > value.length) return false;
	for (let j = 0; j < seg.length; j++) {
		const code = seg.charCodeAt(j);
		if (code !== QUESTION && code !== value.charCodeAt(at + j)) return false;
	}
	return true;
}

function findSegment(value: string, seg: string, from: number, limit: number, withQuestion: boolean): number {
	if (!withQuestion) {
		const found = value.indexOf(seg, from);
		return found === -1 || found + seg.length > limit ? -1 : found;
	}
	for (let at = from; at + seg.length <= limit; at++) {
		if (segmentMatchesAt(value, at, seg)) return at;
	}
	return -1;
}

function compileSegmented(parsed: Segmented): (value: string) => boolean {
	const { segments, hasStar, hasQuestion } = parsed;
	const first = segments[0] ?? "";
	if (!hasStar) {
		if (!hasQuestion) return (value) => value === first;
		return (value) => value.length === first.length && segmentMatchesAt(value, 0, first);
	}
	const last = segments[segments.length - 1] ?? "";
	const middle = segments.slice(1, -1).filter((s) => s !== "");
	const minLength = first.length + last.length + middle.reduce((n, s) => n + s.length, 0);
	if (!hasQuestion && middle.length === 0) {
		if (first === "" && last === "") return () => true;
		if (last === "") return (value) => value.startsWith(first);
		if (first === "") return (value) => value.endsWith(last);
		return (value) => value.length >= minLength && value.startsWith(first) && value.endsWith(last);
	}
	return (value) => {
		if (value.length < minLength) return false;
		if (!segmentMatchesAt(value, 0, first)) return false;
		const end = value.length - last.length;
		if (!segmentMatchesAt(value, end, last)) return false;
		// INVARIANT: leftmost placement of each middle segment is optimal for `*`-separated fixed-length segments.
		let at = first.length;
		for (const seg of middle) {
			const found = findSegment(value, seg, at, end, hasQuestion);
			if (found === -1) return false;
			at = found + seg.length;
		}
		return true;
	};
}

/** Compiles a prepared pattern. A pattern ending in ` *` also matches the text before it (`git *` matches `git`). */
export function compileWildcard(pattern: string): WildcardMatcher {
	const parsed = segment(pattern);
	const full = compileSegmented(parsed);
	const matchesEverything = parsed.hasStar && !parsed.hasQuestion && parsed.segments.every((s) => s === "");
	const optionalTail = pattern.length >= 2 && pattern.endsWith(" *");
	const bareText = optionalTail ? pattern.slice(0, -2) : pattern;
	let test = full;
	if (optionalTail) {
		const bare = compileSegmented(segment(bareText));
		test = (value) => full(value) || bare(value);
	}
	const literalPrefix = literalPrefixOf(bareText);
	const literalSuffix = optionalTail ? "" : literalSuffixOf(pattern);
	return { pattern, matchesEverything, literalPrefix, literalSuffix, test };
}

function literalPrefixOf(pattern: string): string {
	for (let i = 0; i < pattern.length; i++) {
		const code = pattern.charCodeAt(i);
		if (code === STAR || code === QUESTION) return pattern.slice(0, i);
	}
	return pattern;
}

function literalSuffixOf(pattern: string): string {
	for (let i = pattern.length - 1; i >= 0; i--) {
		const code = pattern.charCodeAt(i);
		if (code === STAR || code === QUESTION) return pattern.slice(i + 1);
	}
	return pattern;
}

/** True when the text contains a wildcard character. */
export function hasWildcard(text: string): boolean {
	return text.includes("*") || text.includes("?");
}
