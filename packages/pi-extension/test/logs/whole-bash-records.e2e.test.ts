/**
 * Issue 40 item 3, in a real in-process Pi session: every decision record of a bash call (allow, ask and deny) in the
 * review log and the debug log names each program the command runs and keeps the head and the tail of the whole
 * command, secrets redacted as in every record.
 */
import { readFileSync } from "node:fs";
import { fauxToolCall } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { debugLogFile } from "../../src/logs/debug-log";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { parseJsonl } from "../support/jsonl-records";
import { choose, runPi, workspace } from "../support/pi-session-harness";

const LONG = `ls ${"a".repeat(3000)} ; echo TAIL-MARKER`;
const ASKED = `git push origin main ; echo TAIL-ASKED sk-live-123456`;
const DENIED = `rm -rf build ; printf '%s' TAIL-DENIED`;
const MANY = Array.from({ length: 40 }, (_, index) => `echo unit${index}`).join(" ; ");

describe("the bash records of a real Pi session", () => {
	it("name every unit's program and keep both ends of the command, for allow, ask and deny", async () => {
		const config = {
			debugLog: true,
			permission: { "*": "allow", bash: { "*": "allow", "git push *": "ask", "rm *": "deny" } },
		};
		const space = workspace({}, config);
		await runPi(space, {
			turns: [
				[fauxToolCall("bash", { command: LONG }, { id: "call_long" })],
				[fauxToolCall("bash", { command: ASKED }, { id: "call_asked" })],
				[fauxToolCall("bash", { command: DENIED }, { id: "call_denied" })],
				[fauxToolCall("bash", { command: MANY }, { id: "call_many" })],
			],
			tools: ["bash"],
			human: { selects: [choose("No")] },
		});
		for (const file of [reviewLogFile(space.agentDir), debugLogFile(space.agentDir)]) {
			const text = readFileSync(file, "utf8");
			expect(text).not.toContain("sk-live-123456");
			const decisions = parseJsonl(text).filter((record) => record.event === "permission_decision");
			const byCall = (id: string) => decisions.filter((record) => record.toolCallId === id);
			const bashOf = (id: string) => {
				const records = byCall(id);
				expect(records.length).toBeGreaterThan(0);
				return records.map((record) => record.bash as { command: string; commands: string[]; commandsOmitted: number });
			};
			for (const bash of bashOf("call_long")) {
				expect(bash.commands).toEqual(["ls", "echo"]);
				expect(bash.commandsOmitted).toBe(0);
				expect(bash.command.startsWith("ls aaaa")).toBe(true);
				expect(bash.command.endsWith("; echo TAIL-MARKER")).toBe(true);
				expect(bash.command).toContain("chars elided");
			}
			expect(byCall("call_long").map((record) => record.result)).toContain("allow");
			for (const bash of bashOf("call_asked")) {
				expect(bash.commands).toEqual(["git", "echo"]);
				expect(bash.command).toContain("TAIL-ASKED");
			}
			expect(byCall("call_asked").map((record) => record.resolution)).toContain("user_denied");
			for (const bash of bashOf("call_denied")) {
				expect(bash.commands).toEqual(["rm", "printf"]);
				expect(bash.command).toContain("TAIL-DENIED");
			}
			expect(byCall("call_denied").map((record) => record.resolution)).toContain("policy_deny");
			for (const bash of bashOf("call_many")) {
				expect(bash.commands).toHaveLength(32);
				expect(bash.commands.every((name) => name === "echo")).toBe(true);
				expect(bash.commandsOmitted).toBe(8);
				expect(bash.command).toContain("echo unit39");
			}
		}
	});
});
