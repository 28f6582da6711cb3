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

	it("reads Pi's tool list only when a call names a tool its runner does not know", async () => {
		const space = workspace({}, { permission: { "*": "allow" } });
		const { state } = stateFor(space);
		const offered = [{ name: "bash" }];
		let reads = 0;
		const countingPi = {
			getAllTools: () => {
				reads += 1;
				return offered;
			},
		} as unknown as ExtensionAPI;
		const handler = onToolCall(countingPi, state);
		expect(await handler(event, context(space.cwd))).toBeUndefined();
		expect(await handler({ ...event, toolCallId: "call_2" }, context(space.cwd))).toBeUndefined();
		expect(reads).toBe(1);
		const unknown = await handler({ ...event, toolName: "deploy", toolCallId: "call_3" }, context(space.cwd));
		expect(unknown).toEqual({ block: true, reason: expect.stringContaining('Tool "deploy" is not available') });
		expect(reads).toBe(2);
		// A tool Pi offers since the runner was built is decided by policy, not refused as unknown.
		offered.push({ name: "deploy" });
		expect(await handler({ ...event, toolName: "deploy", toolCallId: "call_4" }, context(space.cwd))).toBeUndefined();
		expect(reads).toBe(3);
	});
});
