import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";
import { choose, runPi, workspace } from "../support/pi-session-harness";

const bash = (command: string, id: string) => fauxToolCall("bash", { command }, { id });

function reviewRecords(agentDir: string): Record<string, unknown>[] {
	return readJsonl(reviewLogFile(agentDir));
}

describe("the session summary of a real Pi session", () => {
	it("is written to the review log at shutdown with the session's counts, and balances", async () => {
		const config = { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push*": "ask" } } };
		const space = workspace({}, config);
		const run = await runPi(space, {
			turns: [[bash("echo ok", "call_1")], [bash("rm -rf x", "call_2")], [bash("git push", "call_3")]],
			tools: ["bash"],
			human: { selects: [choose("Yes")] },
		});
		const records = reviewRecords(space.agentDir);
		expect(records.at(-1)).toMatchObject({
			event: "session_summary",
			sessionId: run.sessionId,
			toolCalls: 3,
			allowed: 2,
			blocked: 1,
			asked: 1,
			errors: 0,
		});
		expect(records.filter((record) => record.event === "session_summary")).toHaveLength(1);
		expect(records.some((record) => record.event === "counter_mismatch")).toBe(false);
	});
});
