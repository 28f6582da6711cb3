/**
 * Owns: the text of one logged string: every secret-shaped value replaced by the mark (`SECRET_SHAPES`), then a long
 * text kept as its head and its tail around a marked elision, so a record shows both ends within its bound.
 * Never: touches what the person sees (the dialog shows the real command); only records pass through here.
 */
import { SECRET_SHAPES } from "./secret-shapes";

export const REDACTED = "[redacted]";

/**
 * The width handed to renderers whose output a log writes: the writer bounds every string itself, after redaction, so
 * a renderer's front-only cut must not run first (it could leave half a secret that no shape recognises).
 */
export const UNCUT = Number.MAX_SAFE_INTEGER;

/** The smallest bound a record's text honours; a smaller one is raised to this. */
export const MIN_RECORD_TEXT_BOUND = 48;

/**
 * Every shape in one case-insensitive alternation, its groups unnamed: one scan tells whether any shape can match,
 * so the common string (`allow`, `bash`, `ls -la`) costs one pass instead of one per shape.
 */
const ANY_SHAPE = new RegExp(
	SECRET_SHAPES.map(({ pattern }) => `(?:${pattern.source.replace(/\(\?<(?![=!])[A-Za-z]+>/g, "(?:")})`).join("|"),
	"i",
);

/** Short strings already redacted (records repeat the same few values); bounded so hostile input cannot grow it. */
const memo = new Map<string, string>();
const MEMO_LIMIT = 1024;
const MEMO_MAX_LENGTH = 256;

/** The text with every secret-shaped span replaced by `[redacted]`. Idempotent; never throws on any string. */
export function redactSecrets(text: string): string {
	if (!ANY_SHAPE.test(text)) return text;
	const short = text.length <= MEMO_MAX_LENGTH;
	const known = short ? memo.get(text) : undefined;
	if (known !== undefined) return known;
	const redacted = redactToFixedPoint(text) ?? elisionMark(text.length).trim();
	if (short) {
		if (memo.size >= MEMO_LIMIT) memo.clear();
		memo.set(text, redacted);
	}
	return redacted;
}

/** The redacted text, or `null` when hostile input still changes after the last pass (it is then not written). */
function redactToFixedPoint(text: string): string | null {
	// A mark gives its neighbours a new edge (`xAKIA…Authorization:` becomes `[redacted]Authorization:`), so passes
	// repeat until nothing changes. Each pass that changes something turns secret characters into marks, and a mark is
	// never a secret, so this ends; the cap only bounds the work on hostile input.
	let out = text;
	for (let pass = 0; pass < MAX_PASSES; pass += 1) {
		let next = out;
		for (const { pattern } of SECRET_SHAPES) next = replaceSecretGroups(next, pattern);
		if (next === out) return out;
		out = next;
	}
	return null;
}

const MAX_PASSES = 16;

function replaceSecretGroups(text: string, pattern: RegExp): string {
	pattern.lastIndex = 0;
	let out = "";
	let copied = 0;
	for (const match of text.matchAll(pattern)) {
		const groups = match.indices?.groups;
		if (groups === undefined) continue;
		for (const [name, span] of Object.entries(groups)) {
			if (!name.startsWith("secret") || span === undefined) continue;
			const [start, end] = span;
			if (start < copied || end <= start) continue;
			out += text.slice(copied, start) + REDACTED;
			copied = end;
		}
	}
	return copied === 0 ? text : out + text.slice(copied);
}

/** The elision mark between a head and a tail: spaced so no secret shape can run across it. */
export function elisionMark(hidden: number): string {
	return ` …(${hidden} chars elided)… `;
}

/**
 * The text a record keeps: secrets redacted first (so no cut can leave half a secret), then, when longer than
 * `bound`, the head and the tail around an elision mark naming how many characters were hidden. The result is at
 * most `max(bound, MIN_RECORD_TEXT_BOUND)` long and `recordText(recordText(x, b), b) === recordText(x, b)`.
 */
export function recordText(text: string, bound: number): string {
	const limit = Math.max(MIN_RECORD_TEXT_BOUND, Math.floor(bound));
	const redacted = redactSecrets(text);
	if (redacted.length <= limit) return redacted;
	const elided = headAndTail(redacted, limit);
	// SECURITY: a cut can give a fragment a new left or right edge (`xAKIA…` becomes `AKIA…`); a text that redaction
	// would still change is not a fixed point, so it is written as the mark alone rather than half-redacted.
	if (redactSecrets(elided) === elided) return elided;
	const again = redactSecrets(elided);
	if (again.length <= limit && redactSecrets(again) === again) return again;
	return elisionMark(redacted.length).trim();
}

function headAndTail(text: string, limit: number): string {
	// The mark's width depends on the count, which depends on the cut: reserve the width of the largest count.
	const room = limit - elisionMark(text.length).length;
	let head = Math.ceil(room / 2);
	let tail = room - head;
	head = awayFromMark(text, head, -1);
	tail = text.length - awayFromMark(text, text.length - tail, +1);
	return `${text.slice(0, head)}${elisionMark(text.length - head - tail)}${text.slice(text.length - tail)}`;
}

/**
 * A cut position moved so it never splits a `[redacted]` mark: a split mark (`TOKEN=[reda`) is no longer a mark, so
 * the next redaction would rewrite it. `direction` -1 moves the head's end left, +1 moves the tail's start right.
 */
function awayFromMark(text: string, cut: number, direction: -1 | 1): number {
	const from = Math.max(0, cut - REDACTED.length + 1);
	const found = text.indexOf(REDACTED, from);
	if (found === -1 || found >= cut) return cut;
	return direction === -1 ? found : found + REDACTED.length;
}
