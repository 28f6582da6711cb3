/**
 * Owns: the complete view of an ask as a viewport: the payload's every fact and evidence entry as logical lines, and
 * the rows of a window onto them, computed from a position for only the rows shown (a 1 MB command costs one
 * window's work and memory per render, never a wrap of the whole text).
 * Never: shortens a fact (nothing is elided here: the viewer scrolls instead), or decides anything.
 */
import { evidenceView, factLines, isFactEvidence } from "../fact-vocabulary";
import type { PromptPayload } from "../prompt-payload";
import { graphemes, visibleText } from "../text/terminal-text";
import { dialogTitle } from "./dialog-renderer";
import type { Painter, PaintStyle } from "./painter";

/** One logical line of the complete view: its text is raw (made visible as it is shown) and may be megabytes long. */
export interface FullViewLine {
	readonly lead: string;
	readonly text: string;
	readonly style: PaintStyle;
}

/** The first row of the window: a logical line and a UTF-16 offset into its text (row starts only). */
export interface FullViewPosition {
	readonly line: number;
	readonly offset: number;
}

export const FULL_VIEW_TOP: FullViewPosition = { line: 0, offset: 0 };

/** Every fact and every evidence entry of the ask, complete, in dialog order. */
export function fullViewLines(payload: PromptPayload): FullViewLine[] {
	const lines: FullViewLine[] = [{ lead: "", text: dialogTitle(payload), style: "bold" }];
	for (const fact of factLines(payload))
		lines.push({ lead: `${fact.label} : `, text: fact.value, style: fact.flagged ? "highlight" : "plain" });
	const view = evidenceView(payload);
	for (const entry of view.evidence) {
		if (isFactEvidence(entry)) continue; // stated by its fact line
		lines.push({ lead: `${entry.label}: `, text: entry.text, style: "plain" });
		if (entry.detail !== null) lines.push({ lead: "  ↳ ", text: entry.detail, style: "dim" });
	}
	for (const advisory of view.advisories)
		lines.push({ lead: `advisory (${advisory.source}): `, text: advisory.text, style: "plain" });
	if (view.sessionSuggestion !== null)
		lines.push({ lead: "session pattern: ", text: view.sessionSuggestion, style: "dim" });
	return lines;
}

interface Row {
	readonly text: string;
	/** Where the row after this one starts. */
	readonly next: FullViewPosition;
}

/**
 * One row from `position`: the lead (on a line's first row) and as many clusters of the text as fit `width` cells,
 * made visible. Reads at most a bounded slice of the text.
 */
function rowAt(lines: readonly FullViewLine[], position: FullViewPosition, width: number): Row | null {
	const line = lines[position.line];
	if (line === undefined) return null;
	const cells = Math.max(1, width);
	let out = "";
	let used = 0;
	if (position.offset === 0 && line.lead !== "") {
		const lead = visibleText(line.lead);
		out = lead.length < cells ? lead : "";
		used = out.length;
	}
	// A cluster takes at most a few UTF-16 units and at least one cell (control characters more when made visible).
	const slice = line.text.slice(position.offset, position.offset + cells * 4 + 16);
	let consumed = 0;
	for (const cluster of graphemes(slice)) {
		const shown = visibleText(cluster.text);
		const cellsOf = shown === cluster.text ? cluster.width : shown.length;
		const fitted = cellsOf > cells ? "?" : shown;
		const fittedCells = cellsOf > cells ? 1 : cellsOf;
		if (used + fittedCells > cells) break;
		out += fitted;
		used += fittedCells;
		consumed += cluster.text.length;
	}
	const offset = position.offset + consumed;
	const next = offset >= line.text.length ? { line: position.line + 1, offset: 0 } : { line: position.line, offset };
	return { text: out, next };
}

/** The rows of the window at `position`, `height` at most, painted. */
export function fullViewRows(
	lines: readonly FullViewLine[],
	position: FullViewPosition,
	width: number,
	height: number,
	painter: Painter,
): string[] {
	const rows: string[] = [];
	let at: FullViewPosition | null = position;
	while (at !== null && rows.length < height) {
		const row = rowAt(lines, at, width);
		if (row === null) break;
		rows.push(paint(lines[at.line]?.style ?? "plain", row.text, painter));
		at = row.next;
	}
	return rows;
}

function paint(style: PaintStyle, text: string, painter: Painter): string {
	switch (style) {
		case "plain":
			return text;
		case "highlight":
			return painter.highlight(text);
		case "dim":
			return painter.dim(text);
		case "bold":
			return painter.bold(text);
		default: {
			const unhandled: never = style;
			throw new Error(`unhandled style ${String(unhandled)}`);
		}
	}
}

/** The position `rows` rows further down, never past the last row. */
export function scrollDown(lines: readonly FullViewLine[], position: FullViewPosition, width: number, rows: number) {
	let at = position;
	for (let step = 0; step < rows; step += 1) {
		const row = rowAt(lines, at, width);
		if (row === null || row.next.line >= lines.length) break;
		at = row.next;
	}
	return at;
}

/**
 * The position about `rows` rows further up. Rows are found going down, so going up starts a line's rows afresh:
 * a long line steps back by whole rows of `width` units (exact for text of one-cell characters).
 */
export function scrollUp(lines: readonly FullViewLine[], position: FullViewPosition, width: number, rows: number) {
	let { line, offset } = position;
	const cells = Math.max(1, width);
	for (let step = 0; step < rows; step += 1) {
		if (offset > 0) {
			const firstRow = Math.max(1, cells - (lines[line]?.lead.length ?? 0));
			offset = offset - cells < firstRow ? 0 : offset - cells;
			continue;
		}
		if (line === 0) break;
		line -= 1;
		offset = lastRowStart(lines[line], cells);
	}
	return { line, offset };
}

function lastRowStart(line: FullViewLine | undefined, cells: number): number {
	if (line === undefined) return 0;
	const firstRow = Math.max(1, cells - line.lead.length);
	if (line.text.length <= firstRow) return 0;
	const rest = line.text.length - firstRow;
	return firstRow + Math.floor((rest - 1) / cells) * cells;
}

/** The position that shows the last `height` rows. */
export function scrollToEnd(lines: readonly FullViewLine[], width: number, height: number): FullViewPosition {
	const last = Math.max(0, lines.length - 1);
	const end = { line: last, offset: lastRowStart(lines[last], Math.max(1, width)) };
	return scrollUp(lines, end, width, Math.max(0, height - 1));
}

/** How far through the text a position is, in percent (for the viewer's status row). */
export function fullViewProgress(lines: readonly FullViewLine[], position: FullViewPosition): number {
	let total = 0;
	let before = 0;
	lines.forEach((line, index) => {
		const length = Math.max(1, line.text.length);
		total += length;
		if (index < position.line) before += length;
		if (index === position.line) before += position.offset;
	});
	return total === 0 ? 100 : Math.min(100, Math.round((before / total) * 100));
}
