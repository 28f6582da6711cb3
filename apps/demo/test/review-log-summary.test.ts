import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readReviewLog, tallyLine } from "../src/review-log-summary";

const dirs: string[] = [];

function logFile(lines: readonly string[]): string {
	const dir = mkdtempSync(join(tmpdir(), "pp-demo-log-"));
	dirs.push(dir);
	const file = join(dir, "review.jsonl");
	writeFileSync(file, `${lines.join("\n")}\n`);
	return file;
}

afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const decision = {
	time: "2026-11-30T22:00:00.000Z",
	event: "permission_decision",
	toolName: "bash",
	value: "rm -rf ~/x",
	result: "deny",
	decidedBy: "policy",
};

describe("readReviewLog", () => {
	it("turns each decision record into its decision, tool, value and decider", async () => {
		const read = await readReviewLog(logFile([JSON.stringify(decision)]));
		expect(read).toEqual({
			kind: "lines",
			lines: [{ kind: "decision", result: "deny", toolName: "bash", value: "rm -rf ~/x", decidedBy: "policy" }],
			unreadable: 0,
		});
	});

	it("keeps another record as an event with its scalar fields, leaving out time and session id", async () => {
		const summary = { time: "t", event: "session_summary", sessionId: "s1", toolCalls: 2, allowed: 1, nested: {} };
		const read = await readReviewLog(logFile([JSON.stringify(summary)]));
		expect(read).toEqual({
			kind: "lines",
			lines: [{ kind: "event", event: "session_summary", fields: "toolCalls=2 allowed=1" }],
			unreadable: 0,
		});
	});

	it.each([
		{ line: "not json", why: "text that is not JSON" },
		{ line: "[1,2]", why: "a record without an event" },
		{ line: JSON.stringify({ ...decision, result: 1 }), why: "a decision without a string result" },
	])("counts $why as unreadable", async ({ line }) => {
		const read = await readReviewLog(logFile([line]));
		expect(read).toEqual({ kind: "lines", lines: [], unreadable: 1 });
	});

	it("reports a missing log as a value", async () => {
		const read = await readReviewLog(join(tmpdir(), "pp-demo-no-such-dir", "review.jsonl"));
		expect(read.kind).toBe("missing");
	});
});

describe("tallyLine", () => {
	it.each([
		{ tally: { decisions: 6, allowed: 3, denied: 3, asked: 1 }, line: "6 decisions: 3 allowed, 3 denied, 1 asked" },
		{ tally: { decisions: 1, allowed: 1, denied: 0, asked: 0 }, line: "1 decision: 1 allowed, 0 denied, 0 asked" },
	])("reads $line", ({ tally, line }) => {
		expect(tallyLine(tally)).toBe(line);
	});
});
