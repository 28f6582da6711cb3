import type { ExtensionAPI, ToolCallEvent } from "@earendil-works/pi-coding-agent";
import type { ConfigLoader } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { onToolCall } from "../../src/handlers/on-tool-call";
import { context, stateFor } from "../support/extension-state-fixture";
import { workspace } from "../support/pi-session-harness";

const pi = { getAllTools: () => [{ name: "bash" }] } as unknown as ExtensionAPI;
const event = { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "ls" } } as ToolCallEvent;

describe("onToolCall", () => {
	it("blocks with the gate-error reason, and reports it, when the session cannot open", async () => {
		const space = workspace({});
		const broken = { load: () => Promise.reject(new Error("loader bug")) } as unknown as ConfigLoader;
		const { state, facts } = stateFor(space, broken);
		const result = await onToolCall(pi, state)(event, context(space.cwd));
		expect(result).toEqual({
			block: true,
			reason: expect.stringContaining("Blocked the `bash` call: the permission check failed"),
		});
		expect(facts.map((fact) => [fact.toolCallId, fact.resolution, fact.reason])).toEqual([
			["call_1", "gate_error", "loader bug"],
		]);
	});

	it("lets an allowed call through without a result", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const { state } = stateFor(space);
		expect(await onToolCall(pi, state)(event, context(space.cwd))).toBeUndefined();
	});
});
