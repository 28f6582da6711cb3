import { describe, expect, it } from "vitest";
import { isPermissionMode, MODE_TABLE, PERMISSION_MODES } from "../../src/modes/permission-mode";

describe("MODE_TABLE", () => {
	it("lists every mode once, in the order the mode key cycles them", () => {
		expect(Object.keys(MODE_TABLE)).toEqual([...PERMISSION_MODES]);
		expect(PERMISSION_MODES).toEqual(["default", "accept-edits", "plan", "auto", "dont-ask", "yolo"]);
	});

	it.each(PERMISSION_MODES.map((mode) => ({ mode })))("gives $mode a one-line label and summary", ({ mode }) => {
		const row = MODE_TABLE[mode];
		expect(row.label.length).toBeGreaterThan(0);
		expect(row.summary.length).toBeGreaterThan(20);
		expect(`${row.label}${row.summary}`).not.toMatch(/\n/);
	});

	it("keeps the yolo status words the status line has always shown", () => {
		expect(MODE_TABLE.yolo.label).toBe("YOLO (asks auto-approved)");
	});
});

describe("isPermissionMode", () => {
	it.each(PERMISSION_MODES.map((mode) => ({ mode })))("accepts $mode", ({ mode }) => {
		expect(isPermissionMode(mode)).toBe(true);
	});

	it.each(["Plan", "acceptEdits", "bypass", "", "__proto__", "toString", 3, null])("rejects %j", (value) => {
		expect(isPermissionMode(value)).toBe(false);
	});
});
