import { describe, expect, it } from "vitest";
import { grantEnded, grantEndFromOption, grantEndText } from "../../src/grants/grant-end";

const NOW = Date.UTC(2026, 11, 7, 23, 5, 30);

describe("grantEndFromOption (ADR 0061)", () => {
	it.each([
		["30m", "2026-12-07T23:35Z"],
		["12h", "2026-12-08T11:05Z"],
		["7d", "2026-12-14T23:05Z"],
		["2w", "2026-12-21T23:05Z"],
		["2026-12-31", "2026-12-31"],
		["2026-12-08T00:00Z", "2026-12-08T00:00Z"],
	])("reads %s as %s", (text, written) => {
		expect(grantEndFromOption(text, NOW)).toEqual({ ok: true, value: written });
	});

	it.each([
		["0d", "past"],
		["2026-12-07", "past"],
		["2026-12-07T23:05Z", "past"],
		["tomorrow", "unreadable"],
		["7 days", "unreadable"],
		["2026-02-30", "unreadable"],
		["-1d", "unreadable"],
	])("refuses %s (%s)", (text, kind) => {
		const read = grantEndFromOption(text, NOW);
		expect(read.ok).toBe(false);
		if (!read.ok) expect(read.error.kind).toBe(kind);
	});
});

describe("grantEndText and grantEnded", () => {
	it.each([
		[null, ""],
		["2026-12-31", "until 2026-12-31 00:00 UTC (23 days left)"],
		["2026-12-08T12:00Z", "until 2026-12-08 12:00 UTC (12 hours left)"],
		["2026-12-07T23:30Z", "until 2026-12-07 23:30 UTC (25 minutes left)"],
		["2026-12-07", "expired 2026-12-07 00:00 UTC"],
	])("says %s as %j", (expires, text) => {
		expect(grantEndText(expires, NOW)).toBe(text);
	});

	it("ends a grant at its instant, not a millisecond later", () => {
		const end = Date.UTC(2026, 11, 31);
		expect(grantEnded("2026-12-31", end - 1)).toBe(false);
		expect(grantEnded("2026-12-31", end)).toBe(true);
		expect(grantEnded(null, end)).toBe(false);
	});
});
