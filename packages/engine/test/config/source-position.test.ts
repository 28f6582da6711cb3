import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { positionFinder } from "../../src/config/source-position";

/** The obvious quadratic reference: split the prefix into lines. */
function naivePosition(text: string, offset: number): { line: number; column: number } {
	const lines = text.slice(0, offset).split(/\r\n|\n|\r/);
	return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

describe("positionFinder", () => {
	it.each([
		{ text: "abc", offset: 0, line: 1, column: 1 },
		{ text: "abc", offset: 2, line: 1, column: 3 },
		{ text: "a\nbc", offset: 3, line: 2, column: 2 },
		{ text: "a\r\nbc", offset: 3, line: 2, column: 1 },
		{ text: "a\rbc", offset: 2, line: 2, column: 1 },
		{ text: "a\n\nb", offset: 3, line: 3, column: 1 },
		{ text: "ab", offset: 99, line: 1, column: 3 },
		{ text: "ab", offset: -5, line: 1, column: 1 },
	])("places offset $offset of $text at $line:$column", ({ text, offset, line, column }) => {
		expect(positionFinder(text)(offset)).toEqual({ line, column });
	});

	it("agrees with splitting the text into lines", () => {
		const text = fc.stringMatching(/^[ab\r\n]{0,40}$/);
		fc.assert(
			fc.property(text, fc.nat(45), (source, at) => {
				// An offset between `\r` and `\n` is not a place a parser reports; skip it.
				fc.pre(!(source[at - 1] === "\r" && source[at] === "\n"));
				const offset = Math.min(at, source.length);
				expect(positionFinder(source)(offset)).toEqual(naivePosition(source, offset));
			}),
			{ numRuns: 300 },
		);
	});
});
