import { describe, expect, it } from "vitest";
import { capLength, paintLine, segment, truncateLine, wrapLine } from "../../src/text/line-fitting";
import { lineWidth } from "../support/cell-width";

const text = (line: readonly { text: string }[]): string => line.map((part) => part.text).join("");

describe("truncateLine", () => {
	it("leaves a line that fits untouched", () => {
		expect(truncateLine([segment("abc")], 3)).toEqual({ line: [segment("abc")], shortened: false });
	});

	it("ends a cut line with a mark counting the hidden characters", () => {
		const { line, shortened } = truncateLine([segment("abcdefghijklmnop")], 10);
		expect(shortened).toBe(true);
		expect(text(line)).toBe("abcd…(+12)");
		expect(lineWidth(line)).toBeLessThanOrEqual(10);
	});

	it("never splits a wide character or a combining cluster", () => {
		const wide = truncateLine([segment("漢字漢字漢字漢字")], 9);
		expect(text(wide.line)).toBe("漢字…(+6)");
		const combining = truncateLine([segment("e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301")], 7);
		expect(text(combining.line)).toBe("e\u0301e\u0301…(+6)");
	});

	it("keeps each segment's style", () => {
		const { line } = truncateLine([segment("ab", "dim"), segment("cdefghijkl", "highlight")], 9);
		expect(line).toEqual([
			{ text: "ab", style: "dim" },
			{ text: "c", style: "highlight" },
			{ text: "…(+9)", style: "dim" },
		]);
	});
});

describe("wrapLine", () => {
	it("breaks at the cell width and indents continuation rows", () => {
		expect(wrapLine([segment("abcdefgh")], 3, " ").map(text)).toEqual(["abc", " de", " fg", " h"]);
	});

	it("moves a wide character that would straddle the edge to the next row", () => {
		expect(wrapLine([segment("a漢字")], 4).map(text)).toEqual(["a漢", "字"]);
	});

	it("replaces a cluster wider than the row with a one-cell mark", () => {
		expect(wrapLine([segment("漢")], 1).map(text)).toEqual(["?"]);
	});
});

describe("paintLine", () => {
	it("hands each styled run to the painter", () => {
		const painter = {
			highlight: (t: string) => `<h>${t}`,
			dim: (t: string) => `<d>${t}`,
			bold: (t: string) => `<b>${t}`,
		};
		const line = [segment("a"), segment("b", "highlight"), segment("c", "dim"), segment("d", "bold")];
		expect(paintLine(line, painter)).toBe("a<h>b<d>c<b>d");
	});
});

describe("capLength", () => {
	it.each([
		{ id: "a short text", raw: "abc", max: 5, expected: "abc" },
		{ id: "a long text", raw: "abcdefghijklmnopqrstuvwxyz", max: 12, expected: "abcdef…(+20)" },
		{ id: "astral characters whole", raw: "😀😀😀😀😀😀😀😀😀😀", max: 7, expected: "😀…(+9)" },
	])("caps $id", ({ raw, max, expected }) => {
		expect(capLength(raw, max)).toBe(expected);
		expect(Array.from(capLength(raw, max)).length).toBeLessThanOrEqual(max);
	});
});
