import { describe, expect, it } from "vitest";
import { SKILL_CONFIG, SKILL_DECISION_ROWS } from "../query/permission-query.cases";
import { createEngine } from "../support/engine-fixture";

describe("skillInputOutcome", () => {
	it.each(SKILL_DECISION_ROWS)("$id /skill:$value -> $state", (row) => {
		const decision = createEngine({ config: SKILL_CONFIG }).pipeline.decideSkillInput({
			skillName: row.value,
			arguments: null,
			agentName: null,
		});
		expect(decision.combined).toMatchObject({
			gate: "skill-input",
			surface: "skill",
			state: row.state,
			matchedPattern: row.matchedPattern,
		});
	});

	it("offers the exact skill name and carries the arguments as evidence", () => {
		const decision = createEngine({ config: SKILL_CONFIG }).pipeline.decideSkillInput({
			skillName: "unknown",
			arguments: "fix the bug",
			agentName: null,
		});
		expect(decision.combined.suggestion?.patterns).toEqual(["unknown"]);
		expect(decision.combined.payload?.evidence).toEqual([{ label: "arguments", text: "fix the bug", detail: null }]);
	});
});
