import { spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exitHook } from "../../src/logs/exit-hook";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { readJsonl } from "../support/jsonl-records";

describe("exitHook", () => {
	it("listens for exit only while a callback is registered, and runs each registration once per exit", () => {
		const emitter = new EventEmitter();
		const atExit = exitHook(emitter);
		const ran: string[] = [];
		expect(emitter.listenerCount("exit")).toBe(0);
		const first = atExit(() => ran.push("first"));
		const second = atExit(() => ran.push("second"));
		expect(emitter.listenerCount("exit")).toBe(1);
		emitter.emit("exit");
		expect(ran).toEqual(["first", "second"]);
		first();
		first();
		expect(emitter.listenerCount("exit")).toBe(1);
		second();
		expect(emitter.listenerCount("exit")).toBe(0);
		emitter.emit("exit");
		expect(ran).toEqual(["first", "second"]);
	});

	it("runs every callback although one throws", () => {
		const emitter = new EventEmitter();
		const atExit = exitHook(emitter);
		const ran: string[] = [];
		atExit(() => {
			throw new Error("broken log");
		});
		atExit(() => ran.push("after"));
		expect(() => emitter.emit("exit")).not.toThrow();
		expect(ran).toEqual(["after"]);
	});
});

describe("a process that exits in the turn of its last decision", () => {
	function runFixture(mode: "hook" | "no-hook"): Record<string, unknown>[] {
		const agentDir = mkdtempSync(join(tmpdir(), "pp-exit-hook-"));
		const script = join(import.meta.dirname, "fixtures", "exit-in-same-turn.ts");
		const result = spawnSync(
			process.execPath,
			["--conditions=@pi-permissions/source", "--import", "tsx", script, agentDir, mode],
			{ encoding: "utf8", timeout: 90_000 },
		);
		expect(result.status, result.stderr).toBe(0);
		return readJsonl(reviewLogFile(agentDir));
	}

	it("still writes the decision and the session summary to the review log", () => {
		const records = runFixture("hook");
		expect(records.map((record) => record.event)).toEqual(["permission_decision", "session_summary"]);
		expect(records[0]).toMatchObject({ requestId: "req-exit", resolution: "user_approved" });
		expect(records[1]).toMatchObject({ toolCalls: 1, allowed: 1 });
	});

	it("without the hook, keeps the decision (written before the call proceeds) but loses the summary", () => {
		expect(runFixture("no-hook").map((record) => record.event)).toEqual(["permission_decision"]);
	});
});
