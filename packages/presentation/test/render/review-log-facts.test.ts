import { describe, expect, it } from "vitest";
import { buildBashAskPayload } from "../../src/build/bash-ask-payload";
import { REVIEW_LOG_MAX_COMMANDS, renderReviewLogFacts } from "../../src/render/review-log-facts";
import { BASE, bashPayload, forwardedPayload, mcpPayload } from "../support/payload-fixtures";

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
			commands: ["echo", "rm", "ls"],
			commandsOmitted: 0,
		});
	});

	it("names every unit's command of a long chain, bounded with a count", () => {
		const units = Array.from({ length: 40 }, (_, index) => ({
			text: `FOO=${index} cmd${index} arg`,
			context: null,
			start: null,
		}));
		const payload = buildBashAskPayload({
			...BASE,
			sessionSuggestion: null,
			toolName: "bash",
			invokedToolName: null,
			command: units.map((unit) => unit.text).join("; "),
			unit: units[39] ?? { text: "", context: null, start: null },
			executedUnit: null,
			units,
		});
		const facts = renderReviewLogFacts(payload, 512);
		expect(facts.commands).toHaveLength(REVIEW_LOG_MAX_COMMANDS);
		expect(facts.commands.slice(0, 2)).toEqual(["cmd0", "cmd1"]);
		expect(facts.commandsOmitted).toBe(40 - REVIEW_LOG_MAX_COMMANDS);
	});

	it("lists no commands for an ask that is not bash", () => {
		expect(renderReviewLogFacts(mcpPayload(), 512)).toMatchObject({ commands: [], commandsOmitted: 0 });
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
			commands: ["echo", "rm", "ls"],
			commandsOmitted: 0,
		});
		for (const value of Object.values(facts)) {
			if (typeof value === "string" && value !== "command_substitution") expect(value.length).toBeLessThanOrEqual(10);
		}
	});

	it("writes no evidence", () => {
		expect(JSON.stringify(renderReviewLogFacts(bashPayload(), 512))).not.toContain("echo $(");
	});
});
