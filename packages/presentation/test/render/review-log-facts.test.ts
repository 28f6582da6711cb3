import { describe, expect, it } from "vitest";
import { renderReviewLogFacts } from "../../src/render/review-log-facts";
import { bashPayload, forwardedPayload } from "../support/payload-fixtures";

describe("renderReviewLogFacts", () => {
	it("flattens the request facts of a local ask", () => {
		expect(renderReviewLogFacts(bashPayload(), 512)).toEqual({
			kind: "bash",
			askKind: "bash",
			agentName: "build",
			sessionId: "s-1",
			subagent: false,
			surface: "bash",
			toolName: "bash",
			invokedToolName: null,
			value: "rm -rf build",
			matchedPattern: "rm *",
			ruleOrigin: "project",
			commandContext: "command_substitution",
			executedUnit: null,
			forwardedFrom: null,
		});
	});

	it("caps every string at the field width with a counted mark", () => {
		const facts = renderReviewLogFacts(forwardedPayload(), 10);
		expect(facts).toEqual({
			kind: "forwarded",
			askKind: "bash",
			agentName: "scout",
			sessionId: "child-7",
			subagent: true,
			surface: "bash",
			toolName: "bash",
			invokedToolName: null,
			value: "rm -…(+8)",
			matchedPattern: "rm *",
			ruleOrigin: "project",
			commandContext: "command_substitution",
			executedUnit: null,
			forwardedFrom: "scou…(+19)",
		});
		for (const value of Object.values(facts)) {
			if (typeof value === "string" && value !== "command_substitution") expect(value.length).toBeLessThanOrEqual(10);
		}
	});

	it("writes no evidence", () => {
		expect(JSON.stringify(renderReviewLogFacts(bashPayload(), 512))).not.toContain("echo $(");
	});
});
