import { describe, expect, it } from "vitest";
import { colorEnabled, painter } from "../src/terminal-style";

describe("colorEnabled", () => {
	it.each([
		{ env: {}, isTTY: true, expected: true, why: "a terminal gets colour" },
		{ env: {}, isTTY: false, expected: false, why: "a pipe gets none" },
		{ env: { NO_COLOR: "1" }, isTTY: true, expected: false, why: "NO_COLOR turns it off on a terminal" },
		{ env: { NO_COLOR: "" }, isTTY: true, expected: true, why: "an empty NO_COLOR is not set" },
		{ env: { FORCE_COLOR: "1" }, isTTY: false, expected: true, why: "FORCE_COLOR turns it on for a pipe" },
		{ env: { FORCE_COLOR: "0" }, isTTY: false, expected: false, why: "FORCE_COLOR=0 forces nothing" },
		{ env: { FORCE_COLOR: "false" }, isTTY: false, expected: false, why: "FORCE_COLOR=false forces nothing" },
		{ env: { NO_COLOR: "1", FORCE_COLOR: "1" }, isTTY: true, expected: false, why: "NO_COLOR wins over FORCE_COLOR" },
	])("$why", ({ env, isTTY, expected }) => {
		expect(colorEnabled({ env, isTTY })).toBe(expected);
	});
});

describe("painter", () => {
	it("wraps text in an ANSI style and its reset when colour is on", () => {
		expect(painter(true)("red", "deny")).toBe("\u001b[31mdeny\u001b[39m");
	});

	it("returns the text unchanged when colour is off", () => {
		expect(painter(false)("bold", "allow")).toBe("allow");
	});
});
