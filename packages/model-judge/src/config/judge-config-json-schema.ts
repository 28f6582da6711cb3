/**
 * Owns: the shipped JSON Schema (Draft 2020-12) of one `model-judge.json` file, generated from the zod layer schema.
 * Never: is written by hand; `schema/model-judge.schema.json` is this module's output, kept equal by a test.
 */
import * as z from "zod";
import { judgeConfigLayerSchema } from "./judge-config-schema";

export const JUDGE_CONFIG_SCHEMA_ID = "https://unpkg.com/@pi-permissions/model-judge/schema/model-judge.schema.json";

/** The JSON Schema of a judge config file, `$schema` and `$id` first. */
export function buildJudgeConfigJsonSchema(): Readonly<Record<string, unknown>> {
	const { $schema, ...rest } = z.toJSONSchema(judgeConfigLayerSchema, {
		target: "draft-2020-12",
		io: "input",
		unrepresentable: "throw",
	});
	return { $schema, $id: JUDGE_CONFIG_SCHEMA_ID, ...rest };
}

/** The schema file's exact text: two-space JSON with a final newline. */
export function renderJudgeConfigJsonSchema(): string {
	return `${JSON.stringify(buildJudgeConfigJsonSchema(), null, 2)}\n`;
}
