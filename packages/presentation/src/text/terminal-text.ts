/**
 * Owns: what a string looks like on a terminal: control characters made visible, grapheme clusters, cell widths.
 * Never: lets a control character, a bidi override or a lone surrogate through to the terminal, and never throws.
 */
import { eastAsianWidth } from "get-east-asian-width";

const NAMED_CONTROLS: Readonly<Record<string, string>> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\u001b": "\\e" };

/**
 * C0, DEL, C1, the Arabic letter mark, LRM/RLM, the line/paragraph separators, the bidi embedding, override and
 * isolate controls, and the BOM.
 */
function isUnsafe(code: number): boolean {
	return (
		code <= 0x1f ||
		(code >= 0x7f && code <= 0x9f) ||
		code === 0x61c ||
		code === 0x200e ||
		code === 0x200f ||
		(code >= 0x2028 && code <= 0x202e) ||
		(code >= 0x2066 && code <= 0x2069) ||
		code === 0xfeff
	);
}

/** The text with every unsafe character replaced by a visible escape (`\n`, `\e`, `\x07`, `\u202e`). */
export function visibleText(text: string): string {
	let out = "";
	let clean = 0;
	for (let at = 0; at < text.length; at += 1) {
		const code = text.charCodeAt(at);
		let replacement: string | null = null;
		if (code >= 0xd800 && code <= 0xdfff) {
			const next = text.charCodeAt(at + 1);
			if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
				at += 1;
				continue;
			}
			replacement = "\ufffd";
		} else if (isUnsafe(code)) {
			// SECURITY: an ESC or CSI from a hostile command must never reach the terminal as a control sequence.
			replacement = escapeOf(code);
		}
		if (replacement !== null) {
			out += text.slice(clean, at) + replacement;
			clean = at + 1;
		}
	}
	return clean === 0 ? text : out + text.slice(clean);
}

function escapeOf(code: number): string {
	const named = NAMED_CONTROLS[String.fromCharCode(code)];
	if (named !== undefined) return named;
	return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** One user-perceived character and the terminal cells it takes. */
export interface Grapheme {
	readonly text: string;
	readonly width: number;
}

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const COMBINING = /^[\p{Mn}\p{Me}]$/u;

/** Combining marks, zero-width space/joiners, word joiner and invisible operators, variation selectors, tags. */
function isZeroWidth(char: string, code: number): boolean {
	return (
		(code >= 0x200b && code <= 0x200d) ||
		(code >= 0x2060 && code <= 0x2064) ||
		(code >= 0xfe00 && code <= 0xfe0f) ||
		(code >= 0xe0020 && code <= 0xe007f) ||
		(code >= 0xe0100 && code <= 0xe01ef) ||
		COMBINING.test(char)
	);
}
const EMOJI_PRESENTATION = /\p{Extended_Pictographic}/u;

/** The grapheme clusters of already-visible text, with their cell widths. */
export function graphemes(text: string): Grapheme[] {
	const out: Grapheme[] = [];
	for (const { segment } of segmenter.segment(text)) out.push({ text: segment, width: clusterWidth(segment) });
	return out;
}

/** The grapheme clusters of already-visible text, one at a time (no array: for texts of any length). */
export function* graphemeStream(text: string): Generator<Grapheme> {
	for (const { segment } of segmenter.segment(text)) yield { text: segment, width: clusterWidth(segment) };
}

function clusterWidth(cluster: string): number {
	let width = 0;
	let first = true;
	for (const char of cluster) {
		const code = char.codePointAt(0) ?? 0;
		// A cluster that starts with a combining mark still takes a cell (the terminal draws it on a blank).
		const cell = isZeroWidth(char, code) ? (first ? 1 : 0) : eastAsianWidth(code);
		width = Math.max(width, cell);
		first = false;
	}
	// A variation selector 16 or a pictograph in a multi-character cluster (ZWJ sequence, keycap) is drawn wide.
	if (cluster.length > 1 && (cluster.includes("\ufe0f") || EMOJI_PRESENTATION.test(cluster))) width = 2;
	return width;
}
