import { describe, expect, it } from "vitest";
import { skillCommand } from "../../src/prompt/skill-command";

describe("skillCommand", () => {
	it.each([
		["/skill:deploy", "deploy", null],
		["/skill:deploy now please", "deploy", "now please"],
		["/skill:deploy   ", "deploy", null],
		["/skill:a\tb c", "a\tb", "c"],
		["/skill:", "", null],
	])("reads %j as skill %j with arguments %j", (text, skillName, args) => {
		expect(skillCommand(text)).toEqual({ skillName, arguments: args, agentName: null });
	});

	it.each(["hello", " /skill:deploy", "/skills:deploy", "/SKILL:deploy"])(
		"does not read %j as a skill command",
		(text) => {
			expect(skillCommand(text)).toBeNull();
		},
	);
});
