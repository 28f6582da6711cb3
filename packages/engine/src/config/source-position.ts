/**
 * Owns: turning character offsets in a file's text into 1-based lines and columns.
 * Never: reads files; it indexes the text it is given.
 */
import type { SourcePosition } from "./config-load-issue";

/**
 * A function from an offset in `text` to its 1-based line and column. Lines break at `\n`, `\r\n` and `\r`; the
 * column counts UTF-16 units (as JSON offsets do). An offset past the end is the end of the text.
 * The line index is built once (linear), so each lookup is a binary search: a 5 MB file with many issues stays cheap.
 */
export function positionFinder(text: string): (offset: number) => SourcePosition {
	let lineStarts: number[] | undefined;
	return (offset) => {
		lineStarts ??= indexLines(text);
		const at = Math.max(0, Math.min(offset, text.length));
		let low = 0;
		let high = lineStarts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if ((lineStarts[middle] ?? 0) <= at) low = middle;
			else high = middle - 1;
		}
		return { line: low + 1, column: at - (lineStarts[low] ?? 0) + 1 };
	};
}

function indexLines(text: string): number[] {
	const starts = [0];
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
	}
	return starts;
}
