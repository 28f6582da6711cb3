import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
	buildJudgeConfigJsonSchema,
	JUDGE_CONFIG_SCHEMA_ID,
	renderJudgeConfigJsonSchema,
} from "../../src/config/judge-config-json-schema";

const SHIPPED = new URL("../../schema/model-judge.schema.json", import.meta.url);

describe("buildJudgeConfigJsonSchema", () => {
	it("matches the shipped schema/model-judge.schema.json byte for byte", () => {
		expect(
			readFileSync(SHIPPED, "utf8"),
			"schema/model-judge.schema.json is stale: run `pnpm --filter @pi-permissions/model-judge schema:write`",
		).toBe(renderJudgeConfigJsonSchema());
	});

	it("is a Draft 2020-12 schema with our own $id that rejects unknown keys", () => {
		const schema = buildJudgeConfigJsonSchema();
		expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
		expect(schema.$id).toBe(JUDGE_CONFIG_SCHEMA_ID);
		expect(schema.additionalProperties).toBe(false);
		expect(Object.keys(schema.properties as object).sort()).toEqual(
			["$schema", "instructions", "model", "opaqueCommands", "provider", "timeoutMs", "typoPaths"].sort(),
		);
	});
});
