import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import { renderFallbackText } from "../../src/render/fallback-text";
import { PLAIN_PAINTER } from "../../src/render/painter";
import { BASE, bashPayload, forwardedPayload, mcpPayload, toolPayload } from "../support/payload-fixtures";

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

	it("names the grant's pattern and every unit of a chain the answer approves (ADR 0033)", () => {
		const label = renderFallbackText(bashPayload(), BUDGET).options[1]?.label;
		expect(label).toBe(
			"Yes, for this session (`rm *`; approves all 3 units of this call: `echo $(rm -rf build)`, `rm -rf build`, `ls`; not calls your policy denies)",
		);
	});

	it("counts the units of a long chain it does not name (ADR 0033)", () => {
		const units = Array.from({ length: 9 }, (_, index) => ({
			text: `step${index} --flag`,
			context: null,
			start: null,
		}));
		const payload = buildBashAskPayload({
			...BASE,
			sessionSuggestion: "step8 *",
			toolName: "bash",
			invokedToolName: null,
			command: units.map((unit) => unit.text).join(" && "),
			unit: units[8] ?? { text: "", context: null, start: null },
			executedUnit: null,
			units,
		});
		expect(renderFallbackText(payload, BUDGET).options[1]?.label).toBe(
			"Yes, for this session (`step8 *`; approves all 9 units of this call: `step0 --flag`, `step1 --flag`, `step2 --flag`, `step3 --flag` and 5 more; not calls your policy denies)",
		);
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
