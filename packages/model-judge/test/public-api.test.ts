import { describe, expect, it } from "vitest";
import * as api from "../src/index";

describe("@pi-permissions/model-judge public API", () => {
	it("exports exactly these runtime names", () => {
		expect(Object.keys(api).sort()).toEqual(
			[
				"JUDGE_CONFIG_FILE",
				"JUDGE_CONFIG_SCHEMA_ID",
				"MODEL_JUDGE_NAME",
				"ModelJudgeAuthorizer",
				"buildJudgeConfigJsonSchema",
				"createModelJudgeExtension",
				"default",
				"forcedToolChoice",
				"judgeConfigFiles",
				"judgeConfigLayerSchema",
				"judgeConfigSchema",
				"loadJudgeConfig",
				"renderJudgeConfigJsonSchema",
			].sort(),
		);
	});

	it("names the link `model-judge` and exports the Pi extension factory as default", () => {
		expect(api.MODEL_JUDGE_NAME).toBe("model-judge");
		expect(typeof api.default).toBe("function");
	});
});
