/**
 * Owns: `renderDialog`, the bounded render of a payload for the permission dialog: one fact per line, evidence
 * admitted whole within a row budget, every elision marked and counted, the complete view on request.
 * Never: drops a request fact, cuts an evidence entry in part, or emits a line wider than the terminal.
 */
import { evidenceView, factLines, isFactEvidence, kindTitle } from "../fact-vocabulary";
import { originPayload, type PromptEvidence, type PromptPayload } from "../prompt-payload";
import { paintLine, type StyledLine, type StyledSegment, segment, truncateLine, wrapLine } from "../text/line-fitting";
import type { Painter } from "./painter";

export interface DialogOptions {
	/** Terminal width in cells. */
	readonly width: number;
	/**
	 * `promptMaxRows`: the row budget of the bounded view (ignored when `expanded`). Required: its one default is the
	 * config's (`CONFIG_DEFAULTS.promptMaxRows` in `@pi-permissions/policy`).
	 */
	readonly maxRows: number;
	/** `promptFieldMaxWidth`: the most cells one fact's value may take in the bounded view (default: the config's). */
	readonly fieldMaxWidth: number;
	readonly painter: Painter;
	/** The complete view (the expand key): nothing elided, every line wrapped to the width. */
	readonly expanded: boolean;
}

/** The expand key the hint line names. */
export const EXPAND_KEY_LABEL = "ctrl+o";

/** The dialog body, one string per terminal row. */
export function renderDialog(payload: PromptPayload, options: DialogOptions): string[] {
	return layoutDialog(payload, options).map((line) => paintLine(line, options.painter));
}

/** The unpainted rows of the dialog (what `renderDialog` paints). */
export function layoutDialog(payload: PromptPayload, options: DialogOptions): StyledLine[] {
	const width = Math.max(1, Math.floor(options.width));
	const titleLine: StyledLine = [segment(dialogTitle(payload), "bold")];
	const title = truncateLine(titleLine, width).line;
	const facts = factLines(payload);
	const labelWidth = Math.max(...facts.map((fact) => fact.label.length));
	let shortenedFacts = 0;
	const factRows: StyledLine[] = [];
	for (const fact of facts) {
		const line: StyledLine = [
			segment(`${fact.label.padEnd(labelWidth)} : `, "dim"),
			segment(fact.value, fact.flagged ? "highlight" : "plain"),
		];
		if (options.expanded) {
			factRows.push(...wrapLine(line, width, " ".repeat(labelWidth + 3)));
			continue;
		}
		const fitted = truncateLine(line, Math.min(width, labelWidth + 3 + Math.max(1, options.fieldMaxWidth)));
		if (fitted.shortened) shortenedFacts += 1;
		factRows.push(fitted.line);
	}
	if (options.expanded)
		return [...wrapLine(titleLine, width), ...factRows, ...evidenceItems(payload, width, null).flat()];
	const items = evidenceItems(payload, width, options.maxRows);

	const allRows = items.reduce((sum, rows) => sum + rows.length, 0);
	const fixedRows = 1 + factRows.length;
	if (shortenedFacts === 0 && fixedRows + allRows <= options.maxRows) return [title, ...factRows, ...items.flat()];
	// The hint line is always kept; the title goes only when the budget cannot even hold the facts and the hint.
	const keepTitle = options.maxRows >= fixedRows + 1;
	let room = options.maxRows - factRows.length - 1 - (keepTitle ? 1 : 0);
	const shown: StyledLine[] = [];
	let elided = 0;
	for (const rows of items) {
		if (rows.length <= room) {
			shown.push(...rows);
			room -= rows.length;
		} else {
			elided += 1;
		}
	}
	const head = keepTitle ? [title] : [];
	if (elided === 0 && shortenedFacts === 0) return [...head, ...factRows, ...shown];
	return [...head, ...factRows, ...shown, hintLine(elided, shortenedFacts, width)];
}

/** The dialog's title line (also the complete view's first line). */
export function dialogTitle(payload: PromptPayload): string {
	const title = `Permission request: ${kindTitle(originPayload(payload).kind)}`;
	return payload.kind === "forwarded" ? `${title} (forwarded from a subagent)` : title;
}

/** The elision hint: the longest wording that fits, so the counts and the expand key stay visible when narrow. */
function hintLine(elided: number, shortenedFacts: number, width: number): StyledLine {
	const long: string[] = [];
	const short: string[] = [];
	if (elided > 0) {
		long.push(`+${elided} more evidence ${elided === 1 ? "item" : "items"}`);
		short.push(`+${elided} hidden`);
	}
	if (shortenedFacts > 0) {
		long.push(`${shortenedFacts} ${shortenedFacts === 1 ? "fact" : "facts"} shortened`);
		short.push(`${shortenedFacts} cut`);
	}
	const candidates = [
		`${long.join(", ")} — press ${EXPAND_KEY_LABEL} for the complete view`,
		`${long.join(", ")} — ${EXPAND_KEY_LABEL}`,
		`${short.join(", ")} — ${EXPAND_KEY_LABEL}`,
	];
	const text = candidates.find((candidate) => candidate.length <= width) ?? candidates[candidates.length - 1] ?? "";
	return truncateLine([segment(text, "dim")], width).line;
}

/**
 * Each evidence entry (and advisory) as its wrapped rows; an entry is admitted or elided as one block. With a row
 * budget, an entry whose text could not fit it even at one cell per character is not wrapped at all: it is elided
 * (as a block taller than the budget) without the cost of wrapping a megabyte (ADR 0033).
 */
function evidenceItems(payload: PromptPayload, width: number, maxRows: number | null): StyledLine[][] {
	const view = evidenceView(payload);
	const tooTall = maxRows === null ? null : Array.from({ length: maxRows + 1 }, (): StyledLine => []);
	const blocks: StyledLine[][] = [];
	view.evidence.forEach((item, index) => {
		// A fact line already states it (`factLines`); shown once, and never elided.
		if (isFactEvidence(item)) return;
		blocks.push(
			tooTall !== null && item.text.length > width * ((maxRows ?? 0) + 1) * 4
				? tooTall
				: evidenceRows(
						item,
						view.highlights.filter((span) => span.evidenceIndex === index),
						width,
					),
		);
	});
	for (const advisory of view.advisories) {
		blocks.push(evidenceRows({ label: `advisory (${advisory.source})`, text: advisory.text, detail: null }, [], width));
	}
	return blocks;
}

function evidenceRows(
	item: PromptEvidence,
	spans: readonly { readonly start: number; readonly end: number }[],
	width: number,
): StyledLine[] {
	const rows: StyledLine[] = [];
	const lines = styledTextLines(item.text, spans);
	lines.forEach((line, index) => {
		const lead = index === 0 ? [segment(`${item.label}: `, "dim")] : [segment("  ")];
		rows.push(...wrapLine([...lead, ...line], width, "  "));
	});
	if (item.detail !== null) rows.push(...wrapLine([segment(`  ↳ ${item.detail}`, "dim")], width, "    "));
	return rows;
}

/** The raw text split into lines at line breaks, with highlight spans applied, each segment made visible. */
function styledTextLines(
	text: string,
	spans: readonly { readonly start: number; readonly end: number }[],
): StyledLine[] {
	const marks = new Uint8Array(text.length);
	for (const span of spans) {
		for (let at = Math.max(0, span.start); at < Math.min(text.length, span.end); at += 1) marks[at] = 1;
	}
	const lines: StyledSegment[][] = [[]];
	let runStart = 0;
	const flush = (end: number) => {
		if (end > runStart) {
			lines[lines.length - 1]?.push(segment(text.slice(runStart, end), marks[runStart] === 1 ? "highlight" : "plain"));
		}
		runStart = end;
	};
	for (let at = 0; at < text.length; at += 1) {
		if (text[at] === "\n") {
			flush(at);
			lines.push([]);
			runStart = at + 1;
		} else if (at > runStart && marks[at] !== marks[at - 1]) {
			flush(at);
		}
	}
	flush(text.length);
	return lines;
}
