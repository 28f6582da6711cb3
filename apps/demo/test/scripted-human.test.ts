import { describe, expect, it } from "vitest";
import { ScriptedHuman } from "../src/scripted-human";
import { StepRecord } from "../src/step-record";

const OPTIONS = ["Yes", "Yes, for this session (npm test *)", "No", "No, provide reason"];

describe("ScriptedHuman", () => {
	it.each([
		{ answer: "Yes, for this session", picked: "Yes, for this session (npm test *)" },
		{ answer: "Yes", picked: "Yes" },
		{ answer: "No", picked: "No" },
		{ answer: "Maybe", picked: undefined },
	])("answers `$answer` with the first option starting with it", async ({ answer, picked }) => {
		const record = new StepRecord();
		const human = new ScriptedHuman(record);
		human.script([answer]);
		await expect(human.uiContext().select("Permission request", OPTIONS)).resolves.toBe(picked);
		expect(record.entries).toEqual([
			{ kind: "dialog", dialog: { title: "Permission request", options: OPTIONS, picked } },
		]);
	});

	it("dismisses a dialog its script does not cover, and records that it was shown", async () => {
		const record = new StepRecord();
		const human = new ScriptedHuman(record);
		await expect(human.uiContext().select("Unexpected", OPTIONS)).resolves.toBeUndefined();
		expect(record.take()).toHaveLength(1);
	});

	it("answers each dialog of a step in script order", async () => {
		const human = new ScriptedHuman(new StepRecord());
		human.script(["No", "Yes"]);
		const ui = human.uiContext();
		await expect(ui.select("first", OPTIONS)).resolves.toBe("No");
		await expect(ui.select("second", OPTIONS)).resolves.toBe("Yes");
		expect(human.unusedAnswers).toBe(0);
	});
});
