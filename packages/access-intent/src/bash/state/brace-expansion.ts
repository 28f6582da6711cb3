/**
 * Owns: bash brace expansion (`{a,b}`, `{1..3}`, `{a..c}`, nested) of a word spelled only with plain characters.
 * Never: expands a word holding quotes, `$`, backticks or backslashes; those stay dynamic for the caller.
 */

/** At most this many words come out of one brace expansion; beyond it the word is not expanded. */
export const MAX_BRACE_WORDS = 64;

const PLAIN = /^[^\s"'`$\\();&|<>]*$/;
const SEQUENCE = /^(-?\d+)\.\.(-?\d+)$|^([A-Za-z])\.\.([A-Za-z])$/;

/**
 * The words `raw` expands to (itself when no group expands, as bash leaves `{a,b` alone), or `null` when it is not a
 * plain brace word or expands to too many words.
 */
export function expandBraces(raw: string): readonly string[] | null {
	if (!PLAIN.test(raw) || !raw.includes("{")) return null;
	const out: string[] = [];
	return expandInto(raw, out) ? out : null;
}

function expandInto(word: string, out: string[]): boolean {
	const group = findGroup(word);
	if (group === "too-many") return false;
	if (group === null) {
		if (out.length >= MAX_BRACE_WORDS) return false;
		out.push(word);
		return true;
	}
	const prefix = word.slice(0, group.open);
	const suffix = word.slice(group.close + 1);
	for (const alternative of group.alternatives) {
		if (!expandInto(prefix + alternative + suffix, out)) return false;
	}
	return true;
}

/** The first `{…}` with a top-level comma or a sequence, with its alternatives; literal groups are skipped. */
function findGroup(word: string): { open: number; close: number; alternatives: readonly string[] } | "too-many" | null {
	for (let open = word.indexOf("{"); open >= 0; open = word.indexOf("{", open + 1)) {
		let depth = 0;
		const commas: number[] = [];
		let close = -1;
		for (let i = open; i < word.length; i++) {
			const char = word[i];
			if (char === "{") depth++;
			else if (char === "}") {
				depth--;
				if (depth === 0) {
					close = i;
					break;
				}
			} else if (char === "," && depth === 1) commas.push(i);
		}
		if (close < 0) return null;
		const body = word.slice(open + 1, close);
		if (commas.length > 0) {
			const alternatives: string[] = [];
			let start = open + 1;
			for (const comma of [...commas, close]) {
				alternatives.push(word.slice(start, comma));
				start = comma + 1;
			}
			return { open, close, alternatives };
		}
		const sequence = expandSequence(body);
		if (sequence === "too-many") return sequence;
		if (sequence !== null) return { open, close, alternatives: sequence };
	}
	return null;
}

function expandSequence(body: string): string[] | "too-many" | null {
	const match = SEQUENCE.exec(body);
	if (!match) return null;
	const numeric = match[1] !== undefined;
	const from = numeric ? Number(match[1]) : (match[3] as string).charCodeAt(0);
	const to = numeric ? Number(match[2]) : (match[4] as string).charCodeAt(0);
	if (Math.abs(to - from) >= MAX_BRACE_WORDS) return "too-many";
	const step = from <= to ? 1 : -1;
	const values: string[] = [];
	for (let value = from; step > 0 ? value <= to : value >= to; value += step) {
		values.push(numeric ? String(value) : String.fromCharCode(value));
	}
	return values;
}
