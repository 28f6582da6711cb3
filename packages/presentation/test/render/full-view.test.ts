import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import {
	FULL_VIEW_TOP,
	type FullViewLine,
	fullViewLines,
	fullViewRows,
	scrollDown,
	scrollToEnd,
	scrollUp,
} from "../../src/render/full-view";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { BASE } from "../support/payload-fixtures";

const LINES: FullViewLine[] = [
	{ lead: "", text: "Title", style: "bold" },
	{ lead: "cmd : ", text: "abcdefghijklmnopqrstuvwxyz", style: "plain" },
	{ lead: "x: ", text: "end", style: "plain" },
];

describe("the complete view's viewport", () => {
	it("wraps each logical line to the width, its lead on the first row", () => {
		expect(fullViewRows(LINES, FULL_VIEW_TOP, 10, 10, PLAIN_PAINTER)).toEqual([
			"Title",
			"cmd : abcd",
			"efghijklmn",
			"opqrstuvwx",
			"yz",
			"x: end",
		]);
	});

	it("shows only `height` rows from the position, and scrolls by rows", () => {
		const second = scrollDown(LINES, FULL_VIEW_TOP, 10, 2);
		expect(fullViewRows(LINES, second, 10, 2, PLAIN_PAINTER)).toEqual(["efghijklmn", "opqrstuvwx"]);
		expect(scrollUp(LINES, second, 10, 2)).toEqual(FULL_VIEW_TOP);
	});

	it("never scrolls past the last row, and shows the last rows at the end", () => {
		expect(fullViewRows(LINES, scrollDown(LINES, FULL_VIEW_TOP, 10, 100), 10, 3, PLAIN_PAINTER)).toEqual(["x: end"]);
		expect(fullViewRows(LINES, scrollToEnd(LINES, 10, 3), 10, 3, PLAIN_PAINTER)).toEqual([
			"opqrstuvwx",
			"yz",
			"x: end",
		]);
	});

	it("makes control characters visible", () => {
		const lines: FullViewLine[] = [{ lead: "", text: "a\u001bb", style: "plain" }];
		expect(fullViewRows(lines, FULL_VIEW_TOP, 20, 1, PLAIN_PAINTER)).toEqual(["a\\eb"]);
	});

	it("holds the whole of a megabyte command and shows its end after scrolling there", () => {
		const command = `ls ${"a".repeat(1_000_000)} ; rm -rf x`;
		const payload = buildBashAskPayload({
			...BASE,
			toolName: "bash",
			invokedToolName: null,
			command,
			unit: { text: "rm -rf x", context: null, start: null },
			executedUnit: null,
			units: [
				{ text: `ls ${"a".repeat(1_000_000)}`, context: null, start: null },
				{ text: "rm -rf x", context: null, start: null },
			],
		});
		const lines = fullViewLines(payload);
		expect(lines.some((line) => line.text === command)).toBe(true);
		const commandLine = lines.findIndex((line) => line.text === command);
		const end = scrollToEnd(lines.slice(0, commandLine + 1), 80, 1);
		expect(fullViewRows(lines, end, 80, 1, PLAIN_PAINTER)[0]?.endsWith("; rm -rf x")).toBe(true);
	});
});
