import { describe, expect, it } from "vitest";
import { describeValue, listNames, nearestName, quote, unknownKeyIssue } from "../../src/config/config-issue";

describe("quote", () => {
	it.each([
		["plain", "`plain`"],
		["two\nlines", "`two\\nlines`"],
		['say "hi"', '`say "hi"`'],
		["tab\there", "`tab\\there`"],
		["x".repeat(61), `\`${"x".repeat(60)}…\``],
	])("quotes %j as %s", (text, quoted) => {
		expect(quote(text)).toBe(quoted);
	});
});

describe("describeValue", () => {
	it.each([
		[null, "`null`"],
		[[], "a list"],
		[{}, "an object"],
		["", "empty text"],
		["ok", "the text `ok`"],
		[1.5, "the number `1.5`"],
		[false, "`false`"],
		[undefined, "nothing"],
	])("describes %j as %s", (value, text) => {
		expect(describeValue(value)).toBe(text);
	});
});

describe("nearestName", () => {
	const known = ["permission", "shellTools", "debugLog", "yoloMode"];

	it.each([
		["permision", "permission"],
		["premission", "permission"],
		["Permissions", "permission"],
		["shelltools", "shellTools"],
		["debuglog", "debugLog"],
		["yolo", undefined],
		["completely-different", undefined],
		["p".repeat(65), undefined],
	])("suggests %s -> %s", (name, suggestion) => {
		expect(nearestName(name, known)).toBe(suggestion);
	});
});

describe("listNames", () => {
	it("joins names with commas and a final conjunction", () => {
		expect(listNames(["a", "b", "c"])).toBe("`a`, `b` or `c`");
		expect(listNames(["a"])).toBe("`a`");
	});
});

describe("unknownKeyIssue", () => {
	it("suggests the nearest known key", () => {
		expect(unknownKeyIssue([], "yolomode", ["yoloMode"])).toEqual({
			keyPath: ["yolomode"],
			message: "unknown key `yolomode`",
			hint: "did you mean `yoloMode`?",
			severity: "error",
		});
	});

	it("tells to remove the key when no key is allowed there", () => {
		expect(unknownKeyIssue(["a"], "b", []).hint).toBe("remove the key");
	});
});
