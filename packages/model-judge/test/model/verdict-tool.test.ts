import { describe, expect, it } from "vitest";
import { forcedToolChoice } from "../../src/model/verdict-tool";
import { OPAQUE_COMMAND_TOOL } from "../../src/review/opaque-command-review";
import { TYPO_PATH_TOOL } from "../../src/review/typo-path-review";

describe("forcedToolChoice", () => {
	it.each([
		["anthropic-messages", "any"],
		["bedrock-converse-stream", "any"],
		["google-generative-ai", "any"],
		["google-vertex", "any"],
		["mistral-conversations", "any"],
		["openai-completions", "required"],
		["openai-responses", "required"],
		["azure-openai-responses", "required"],
		["openai-codex-responses", "required"],
		["pi-messages", "required"],
		["some-custom-api", "required"],
	])("spells a forced tool call for `%s` as `%s`", (api, expected) => {
		expect(forcedToolChoice(api)).toBe(expected);
	});
});

describe("the verdict tools", () => {
	it("advertise only `deny` and `defer` for the path review", () => {
		const parameters = TYPO_PATH_TOOL.tool.parameters as { properties: { verdict: { enum: string[] } } };
		expect(parameters.properties.verdict.enum).toEqual(["deny", "defer"]);
	});

	it("advertise commands and a confidence for the opaque-command review", () => {
		const parameters = OPAQUE_COMMAND_TOOL.tool.parameters as { required: string[] };
		expect([...parameters.required].sort()).toEqual(["commands", "confidence"]);
	});
});
