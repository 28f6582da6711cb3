/**
 * ADR 0042 through a REAL in-process Pi session: what a config edit changes mid-session (the config check at each
 * agent start), and what waits for Pi's own `/reload` (`AgentSession.reload`, which rebuilds the extensions).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { debugLogFile } from "../../src/logs/debug-log";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";
import { openSession } from "../support/pi-prompt-session";
import { type Workspace, workspace } from "../support/pi-session-harness";

const LONG = `echo ${"a".repeat(60)}`;
const echo = (id: string) => fauxToolCall("bash", { command: LONG }, { id });
const ls = (id: string) => fauxToolCall("bash", { command: "ls" }, { id });
const ASKS_BASH = { "*": "allow", bash: { "*": "ask" } };

function writeGlobal(space: Workspace, config: unknown): void {
	writeFileSync(join(space.agentDir, "extensions", "pi-permissions", "config.json"), JSON.stringify(config));
}

describe("what a config edit and /reload change (ADR 0042)", () => {
	it("applies the dialog and chain settings at the next ask, and the log and timeout settings only after /reload", async () => {
		const space = workspace(
			{},
			{ debugLog: true, forwardingTimeoutMs: 111_111, promptFieldMaxWidth: 400, permission: ASKS_BASH },
		);
		const session = await openSession(space, { tools: ["bash"], answer: "Yes" });
		try {
			await session.prompt("first", [[echo("call_1")]]);
			writeGlobal(space, {
				debugLog: false,
				permissionReviewLog: false,
				forwardingTimeoutMs: 222_222,
				promptFieldMaxWidth: 20,
				authorizerChain: ["judge-x"],
				permission: ASKS_BASH,
			});
			// No /reload: the config check at this agent start picks the edit up.
			await session.prompt("second", [[echo("call_2")]]);
			await session.reload();
			await session.prompt("third", [[echo("call_3")]]);
		} finally {
			await session.close();
		}
		expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
			["call_1", false],
			["call_2", false],
			["call_3", false],
		]);
		// Live: the dialog's field width follows the edit from the next ask.
		expect(session.dialogs.map((title) => title.includes(LONG))).toEqual([true, false, false]);
		// Frozen at open: the dialog's timeout (shared with forwarding) changes only when /reload opens a new session.
		expect(session.dialogTimeouts).toEqual([111_111, 111_111, 222_222]);
		// Live: the chain is read per ask (the unregistered link is logged and skipped: more prompting, never less).
		const debug = readJsonl(debugLogFile(space.agentDir));
		expect(
			debug
				.filter((record) => record.event === "authorizer_chain_unregistered_link")
				.map((record) => (record.fields as { name?: unknown }).name),
		).toEqual(["judge-x"]);
		// Frozen at open: the review and debug logs keep writing until /reload opens a session with them off.
		const decided = (records: Record<string, unknown>[]) =>
			records.filter((record) => record.event === "permission_decision").map((record) => record.toolCallId);
		expect(decided(readJsonl(reviewLogFile(space.agentDir)))).toEqual(["call_1", "call_2"]);
		expect(decided(debug)).toEqual(["call_1", "call_2"]);
	});

	it("keeps the session's yolo toggle across a config edit, and drops it at /reload (a new session)", async () => {
		const space = workspace({}, { permission: ASKS_BASH });
		const session = await openSession(space, { tools: ["bash"], answer: "No" });
		try {
			await session.prompt("/permissions yolo on");
			await session.prompt("first", [[ls("call_1")]]);
			writeGlobal(space, { promptMaxRows: 30, permission: ASKS_BASH });
			await session.prompt("second", [[ls("call_2")]]);
			await session.reload();
			await session.prompt("third", [[ls("call_3")]]);
		} finally {
			await session.close();
		}
		// Yolo allowed call_1 and call_2 unasked; the new session after /reload asks, and the human says no.
		expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
			["call_1", false],
			["call_2", false],
			["call_3", true],
		]);
		expect(session.dialogs).toHaveLength(1);
	});

	it("keeps session grants across a config edit, and drops them at /reload (a new session)", async () => {
		const space = workspace({}, { permission: ASKS_BASH });
		const session = await openSession(space, { tools: ["bash"], answer: "Yes, for this session" });
		try {
			await session.prompt("first", [[ls("call_1")]]);
			writeGlobal(space, { promptMaxRows: 30, permission: ASKS_BASH });
			await session.prompt("second", [[ls("call_2")]]);
			await session.reload();
			await session.prompt("third", [[ls("call_3")]]);
		} finally {
			await session.close();
		}
		expect(session.ends.map((end) => [end.toolCallId, end.isError])).toEqual([
			["call_1", false],
			["call_2", false],
			["call_3", false],
		]);
		// Asked for call_1 (granted for the session), not for call_2, and again for call_3 after /reload.
		expect(session.dialogs).toHaveLength(2);
	});
});
