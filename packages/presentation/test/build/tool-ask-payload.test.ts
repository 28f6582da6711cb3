import { describe, expect, it } from "vitest";
import { buildMcpAskPayload, buildToolAskPayload } from "../../src/build/tool-ask-payload";
import { BASE, mcpPayload, toolPayload } from "../support/payload-fixtures";

const REQUESTER = { agentName: "build", sessionId: "s-1", subagent: false };

describe("buildMcpAskPayload", () => {
	it("carries the MCP target as the value and one evidence entry per argument", () => {
		expect(mcpPayload()).toEqual({
			kind: "mcp",
			request: {
				requester: REQUESTER,
				surface: "mcp",
				toolName: "mcp__exa__search",
				invokedToolName: null,
				value: "exa:search",
				matchedPattern: "*",
				ruleOrigin: "builtin",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [
				{ label: "argument query", text: "pi permissions", detail: null },
				{ label: "argument limit", text: "3", detail: null },
			],
			annotations: [{ kind: "session-suggestion", text: "exa:*" }],
			answerableBy: "any-authorizer",
		});
	});

	it("has no evidence when the call sends no arguments", () => {
		const payload = buildMcpAskPayload({ ...BASE, toolName: "mcp", target: "exa:search", arguments: undefined });
		expect(payload.evidence).toEqual([]);
	});
});

describe("buildToolAskPayload", () => {
	it("uses the tool name as the surface and keeps the complete input as evidence", () => {
		expect(toolPayload()).toEqual({
			kind: "tool",
			request: {
				requester: REQUESTER,
				surface: "webfetch",
				toolName: "webfetch",
				invokedToolName: null,
				value: "webfetch",
				matchedPattern: "*",
				ruleOrigin: "global",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [{ label: "input url", text: "https://example.com", detail: null }],
			annotations: [],
			answerableBy: "any-authorizer",
		});
	});

	it("never shortens an input value", () => {
		const body = "x".repeat(50_000);
		const payload = buildToolAskPayload({ ...BASE, toolName: "write", value: "write", input: { content: body } });
		expect(payload.evidence).toEqual([{ label: "input content", text: body, detail: null }]);
	});
});
