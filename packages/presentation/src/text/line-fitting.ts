/**
 * Owns: styled lines and fitting them to a terminal: wrap at a cell width, truncate with a visible count mark, paint.
 * Never: measures text that has not been made visible, or splits a grapheme cluster across rows.
 */
import type { Painter, PaintStyle } from "../render/painter";
import { type Grapheme, graphemeStream, graphemes, visibleText } from "./terminal-text";

export interface StyledSegment {
	readonly text: string;
	readonly style: PaintStyle;
}

/** One terminal row (or a logical line before wrapping); segment texts are always visible text. */
export type StyledLine = readonly StyledSegment[];

/** A segment of raw text made visible. */
export function segment(raw: string, style: PaintStyle = "plain"): StyledSegment {
	return { text: visibleText(raw), style };
}

interface StyledGrapheme extends Grapheme {
	readonly style: PaintStyle;
}

function styledGraphemes(line: StyledLine): StyledGrapheme[] {
	const out: StyledGrapheme[] = [];
	for (const part of line) {
		for (const grapheme of graphemes(part.text)) out.push({ ...grapheme, style: part.style });
	}
	return out;
}

function joinGraphemes(items: readonly StyledGrapheme[]): StyledSegment[] {
	const out: { text: string; style: PaintStyle }[] = [];
	for (const item of items) {
		const last = out[out.length - 1];
		if (last !== undefined && last.style === item.style) last.text += item.text;
		else out.push({ text: item.text, style: item.style });
	}
	return out;
}

/** Rows of at most `width` cells (at least one row, possibly empty); clusters wider than `width` become `?`. */
export function wrapLine(line: StyledLine, width: number, indent = ""): StyledLine[] {
	const cap = Math.max(1, width);
	const lead = indent.length < cap ? indent : "";
	const rows: StyledGrapheme[][] = [[]];
	let used = 0;
	for (const raw of styledGraphemes(line)) {
		const item = raw.width > cap ? { text: "?", width: 1, style: raw.style } : raw;
		if (used + item.width > cap) {
			// The indent is skipped on a row where it would leave no room for the next cluster.
			const indented = lead !== "" && lead.length + item.width <= cap;
			rows.push(indented ? [{ text: lead, width: lead.length, style: "plain" }] : []);
			used = indented ? lead.length : 0;
		}
		rows[rows.length - 1]?.push(item);
		used += item.width;
	}
	return rows.map(joinGraphemes);
}

/**
 * The line cut to at most `width` cells; when anything is cut, a dim `…(+N)` mark (N hidden characters) ends it.
 * Returns the line and whether it was shortened.
 */
export function truncateLine(line: StyledLine, width: number): { line: StyledLine; shortened: boolean } {
	// Two streaming passes, never an array of every cluster: a megabyte value costs time, not memory (ADR 0033).
	let count = 0;
	let total = 0;
	for (const item of streamGraphemes(line)) {
		count += 1;
		total += item.width;
	}
	if (total <= width) return { line, shortened: false };
	const markWidth = `…(+${count})`.length;
	const room = Math.max(0, width - markWidth);
	let used = 0;
	const kept: StyledGrapheme[] = [];
	for (const next of streamGraphemes(line)) {
		if (used + next.width > room) break;
		used += next.width;
		kept.push(next);
	}
	const mark = `…(+${count - kept.length})`;
	const markText = mark.length <= width ? mark : "…".repeat(Math.min(1, width));
	return { line: [...joinGraphemes(kept), { text: markText, style: "dim" }], shortened: true };
}

function* streamGraphemes(line: StyledLine): Generator<StyledGrapheme> {
	for (const part of line) for (const grapheme of graphemeStream(part.text)) yield { ...grapheme, style: part.style };
}

export function paintLine(line: StyledLine, painter: Painter): string {
	return line.map((part) => paintSegment(part, painter)).join("");
}

function paintSegment(part: StyledSegment, painter: Painter): string {
	switch (part.style) {
		case "plain":
			return part.text;
		case "highlight":
			return painter.highlight(part.text);
		case "dim":
			return painter.dim(part.text);
		case "bold":
			return painter.bold(part.text);
		default: {
			const unhandled: never = part.style;
			throw new Error(`unhandled paint style ${String(unhandled)}`);
		}
	}
}

/** Plain text capped at `max` characters (code points), ending in `…(+N)` when cut; for logs and agent text. */
export function capLength(text: string, max: number): string {
	const chars = Array.from(text);
	if (chars.length <= max) return text;
	const markLength = `…(+${chars.length})`.length;
	const keep = Math.max(0, max - markLength);
	const mark = `…(+${chars.length - keep})`;
	return mark.length <= max ? chars.slice(0, keep).join("") + mark : chars.slice(0, max).join("");
}
