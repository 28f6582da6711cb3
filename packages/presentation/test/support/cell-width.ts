/** Test oracle: the cells a text or a styled line takes on a terminal, as the sum of its graphemes' widths. */
import type { StyledLine } from "../../src/text/line-fitting";
import { graphemes } from "../../src/text/terminal-text";

/** Cells `text` takes on a terminal, after `visibleText`. */
export function cellWidth(text: string): number {
	let cells = 0;
	for (const grapheme of graphemes(text)) cells += grapheme.width;
	return cells;
}

/** Cells a styled line takes, each segment's graphemes counted as the renderer fits them. */
export function lineWidth(line: StyledLine): number {
	return line.reduce((cells, part) => cells + cellWidth(part.text), 0);
}
