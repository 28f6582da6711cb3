import { describe, expect, it } from "vitest";
import { renderFallbackText } from "../../src/render/fallback-text";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { forwardedPayload, mcpPayload, toolPayload } from "../support/payload-fixtures";

const BUDGET = { width: 80, maxRows: 24, fieldMaxWidth: 60, painter: PLAIN_PAINTER };

describe("renderFallbackText", () => {
	it("titles the select with the bounded dialog and offers the four decisions, the session one labelled", () => {
		expect(renderFallbackText(mcpPayload(), BUDGET)).toEqual({
			title: [
				"Permission request: MCP tool",
				"agent   : build · session s-1",
				"tool    : mcp__exa__search",
				"surface : mcp",
				"rule    : * (builtin)",
				"target  : exa:search",
				"argument query: pi permissions",
				"argument limit: 3",
			].join("\n"),
			options: [
				{ decision: "approved", label: "Yes" },
				{ decision: "approved_for_session", label: "Yes, for this session (`exa:*`; not calls your policy denies)" },
				{ decision: "denied", label: "No" },
				{ decision: "denied_with_reason", label: "No, provide reason" },
			],
			reasonTitle: "Reason for denying (sent to the agent)",
			scope: null,
		});
	});

	it("labels the session option plainly when no pattern is suggested", () => {
		expect(renderFallbackText(toolPayload(), BUDGET).options[1]).toEqual({
			decision: "approved_for_session",
			label: "Yes, for this session",
		});
	});

	it("offers the grant scope for a forwarded ask with a session suggestion", () => {
		expect(renderFallbackText(forwardedPayload(), BUDGET).scope).toEqual({
			title: "Apply the session approval to",
			options: [
				{ decision: "approved_for_session", label: "This subagent only" },
				{ decision: "approved_for_serving_session", label: "The whole serving session" },
			],
		});
	});

	it("shortens a long suggestion in the option label and shows its control characters", () => {
		const payload = {
			...toolPayload(),
			annotations: [{ kind: "session-suggestion" as const, text: `a\u001b${"b".repeat(300)}` }],
		};
		const label = renderFallbackText(payload, { ...BUDGET, fieldMaxWidth: 20 }).options[1]?.label;
		expect(label).toMatch(/^Yes, for this session \(`a\\eb+…\(\+\d+\)`; not calls your policy denies\)$/);
	});

	it("says on the session option that the grant does not cover what the policy denies", () => {
		const label = renderFallbackText(mcpPayload(), BUDGET).options[1]?.label ?? "";
		expect(label).toContain("`exa:*`");
		expect(label).toContain("not calls your policy denies");
	});
});
