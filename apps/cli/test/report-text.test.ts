import type { RunReport } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { colorsFor, renderReport } from "../src/report-text";

const report: RunReport = {
	action: "ask",
	gate: "tool",
	surface: "bash",
	value: "printf 'a\nb'",
	matchedPattern: "*",
	origin: "global",
	reason: null,
	suggestion: {
		kind: "bash",
		surface: "bash",
		patterns: ["printf *"],
		label: 'Yes, allow bash "printf *" for this session',
	},
	resolution: "ask",
};

describe("renderReport", () => {
	it("keeps a multi-line value on one line", () => {
		const text = renderReport(report, colorsFor(false));
		expect(text).toContain(String.raw`"printf 'a\nb'"`);
		expect(text.split("\n").filter((line) => line.includes("printf"))).toHaveLength(2);
	});

	it("writes no escape sequence without colour and colours the action with it", () => {
		expect(renderReport(report, colorsFor(false))).not.toContain("\u001b[");
		expect(renderReport(report, colorsFor(true))).toContain("\u001b[33m");
	});

	it("shows the session suggestion's label", () => {
		expect(renderReport(report, colorsFor(false))).toContain('Yes, allow bash "printf *" for this session');
	});
});
