import { readFileSync } from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { BeforeAgentStartEvent, ExtensionAPI, ToolCallEvent } from "@earendil-works/pi-coding-agent";
import { ToolCallPipeline } from "@pi-permissions/engine";
import { SessionRuleStore } from "@pi-permissions/policy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onBeforeAgentStart } from "../../src/handlers/on-before-agent-start";
import { onToolCall } from "../../src/handlers/on-tool-call";
import { debugLogFile } from "../../src/logs/debug-log";
import { reviewLogFile } from "../../src/logs/review-log-sink";
import { context, stateFor } from "../support/extension-state-fixture";
import { readJsonl } from "../support/jsonl-records";
import { workspace } from "../support/pi-session-harness";

const TOOLS = ["bash", "read"];
const pi = {
	getActiveTools: () => [...TOOLS],
	getAllTools: () => TOOLS.map((name) => ({ name })),
	setActiveTools: () => undefined,
} as unknown as ExtensionAPI;

function agentStart(): BeforeAgentStartEvent {
	return {
		type: "before_agent_start",
		prompt: "go",
		systemPrompt: "You are a coding agent.",
		systemPromptOptions: { skills: [] },
	} as unknown as BeforeAgentStartEvent;
}

const call = { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "ls" } } as ToolCallEvent;

function events(file: string): unknown[] {
	return readJsonl(file).map((record) => record.event);
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe("onBeforeAgentStart", () => {
	it("ends the grants given for this turn at every new prompt", async () => {
		const space = workspace({}, { permission: { "*": "ask" } });
		const { state } = stateFor(space);
		const beginTurn = vi.spyOn(SessionRuleStore.prototype, "beginTurn");
		await onBeforeAgentStart(pi, state)(agentStart(), context(space.cwd));
		await onBeforeAgentStart(pi, state)(agentStart(), context(space.cwd));
		expect(beginTurn).toHaveBeenCalledTimes(2);
		await state.close();
	});

	it("decides one throwaway bash chain before the first call, and emits, counts, grants and asks nothing", async () => {
		// Under `"*": "ask"` the throwaway chain asks: it must still reach no sink, no prompt and no grant.
		const space = workspace({}, { debugLog: true, permission: { "*": "ask" } });
		const { state, facts } = stateFor(space);
		const decide = vi.spyOn(ToolCallPipeline.prototype, "decide");
		await onBeforeAgentStart(pi, state)(agentStart(), context(space.cwd));
		const session = await state.sessionFor(context(space.cwd));
		expect(session.gate.isWarm).toBe(true);
		expect(decide).toHaveBeenCalledTimes(1);
		expect(decide.mock.calls[0]?.[0]).toMatchObject({ toolName: "bash", toolCallId: null });
		await nextTurn();
		expect(facts).toEqual([]);
		expect(session.grants.list()).toEqual([]);
		await state.close();
		expect(events(reviewLogFile(space.agentDir))).toEqual(["session_summary"]);
		expect(events(debugLogFile(space.agentDir))).toEqual(["session_opened", "session_closed"]);
		const summary = readFileSync(reviewLogFile(space.agentDir), "utf8");
		expect(JSON.parse(summary)).toMatchObject({ toolCalls: 0, allowed: 0, blocked: 0, asked: 0, errors: 0 });
	});

	it("leaves the first tool call to decide and record exactly one decision of its own", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const { state, facts } = stateFor(space);
		await onBeforeAgentStart(pi, state)(agentStart(), context(space.cwd));
		expect(await onToolCall(pi, state)(call, context(space.cwd))).toBeUndefined();
		expect(facts.map((fact) => [fact.toolCallId, fact.resolution])).toEqual([["call_1", "policy_allow"]]);
		await state.close();
		expect(events(reviewLogFile(space.agentDir))).toEqual(["permission_decision", "session_summary"]);
	});
});
