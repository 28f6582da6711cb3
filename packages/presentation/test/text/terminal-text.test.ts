import { describe, expect, it } from "vitest";
import { graphemes, visibleText } from "../../src/text/terminal-text";
import { cellWidth } from "../support/cell-width";
import { unsafeCharacters } from "../support/unsafe-characters";

describe("visibleText", () => {
	it.each([
		{ id: "newline, tab, carriage return", raw: "a\nb\tc\rd", expected: "a\\nb\\tc\\rd" },
		{ id: "an ESC sequence", raw: "\u001b[2Jclear", expected: "\\e[2Jclear" },
		{ id: "BEL and NUL", raw: "\u0007\u0000", expected: "\\x07\\x00" },
		{ id: "DEL and a C1 CSI", raw: "\u007f\u009b31m", expected: "\\x7f\\x9b31m" },
		{ id: "a bidi override", raw: "abc\u202edef", expected: "abc\\u202edef" },
		{ id: "an isolate and a line separator", raw: "\u2066x\u2028", expected: "\\u2066x\\u2028" },
		{ id: "a lone high surrogate", raw: "a\ud800b", expected: "a\ufffdb" },
		{ id: "a lone low surrogate", raw: "\udc00", expected: "\ufffd" },
		{ id: "a valid surrogate pair", raw: "😀", expected: "😀" },
		{ id: "plain text", raw: "git status 字", expected: "git status 字" },
	])("makes $id visible", ({ raw, expected }) => {
		expect(visibleText(raw)).toBe(expected);
	});

	it("leaves no C0 or C1 control or ESC in any output", () => {
		let all = "";
		for (let code = 0; code <= 0x9f; code += 1) all += String.fromCharCode(code);
		expect(unsafeCharacters(visibleText(all))).toEqual([]);
	});
});

describe("cellWidth", () => {
	it.each([
		{ id: "ASCII", text: "abc", cells: 3 },
		{ id: "CJK", text: "漢字", cells: 4 },
		{ id: "halfwidth katakana", text: "ｱｲ", cells: 2 },
		{ id: "an emoji", text: "😀", cells: 2 },
		{ id: "a ZWJ family", text: "👨‍👩‍👧", cells: 2 },
		{ id: "a keycap", text: "1\ufe0f\u20e3", cells: 2 },
		{ id: "a precomposed and a combining é", text: "ée\u0301", cells: 2 },
		{ id: "a leading combining mark", text: "\u0301a", cells: 2 },
		{ id: "an empty string", text: "", cells: 0 },
	])("counts $id as $cells cells", ({ text, cells }) => {
		expect(cellWidth(text)).toBe(cells);
	});

	it("keeps a combining mark in its base's cluster", () => {
		expect(graphemes("e\u0301x").map((item) => item.text)).toEqual(["e\u0301", "x"]);
	});
});
