import { describe, expect, it } from "vitest";
import { buildSkillAskPayload } from "../../src/build/skill-ask-payload";
import { BASE, skillPayload, skillReadPayload } from "../support/payload-fixtures";

const REQUESTER = { agentName: "build", sessionId: "s-1", subagent: false };

describe("buildSkillAskPayload", () => {
	it("carries the skill name as the value, with no tool, and its arguments as evidence", () => {
		expect(skillPayload()).toEqual({
			kind: "skill",
			request: {
				requester: REQUESTER,
				surface: "skill",
				toolName: null,
				invokedToolName: null,
				value: "deploy",
				matchedPattern: "*",
				ruleOrigin: "agent",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [{ label: "arguments", text: "prod", detail: null }],
			annotations: [],
			answerableBy: "any-authorizer",
		});
	});

	it("has no evidence for an invocation without arguments", () => {
		expect(buildSkillAskPayload({ ...BASE, skillName: "deploy", arguments: null }).evidence).toEqual([]);
	});
});

describe("buildSkillReadAskPayload", () => {
	it("carries the skill as the value and the path it was reached through as evidence", () => {
		expect(skillReadPayload()).toEqual({
			kind: "skill_read",
			request: {
				requester: REQUESTER,
				surface: "skill",
				toolName: "read",
				invokedToolName: null,
				value: "deploy",
				matchedPattern: "deploy",
				ruleOrigin: "global",
				commandContext: null,
				executedUnit: null,
			},
			evidence: [{ label: "read path", text: "/home/u/.pi/skills/deploy/SKILL.md", detail: null }],
			annotations: [],
			answerableBy: "any-authorizer",
		});
	});
});
