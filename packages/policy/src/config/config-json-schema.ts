/**
 * Owns: the shipped JSON Schema (Draft 2020-12) of the config file, generated from the zod schema.
 * Never: is written by hand or validates; `schema/config.schema.json` is this function's output, kept equal by a test.
 */
import * as z from "zod";
import { configSchema, configSchemaRegistry } from "./config-schema";

/** Where the published schema can be fetched; also the schema's `$id`. */
export const CONFIG_SCHEMA_ID = "https://unpkg.com/@pi-permissions/policy/schema/config.schema.json";

/** A JSON Schema document as plain JSON data. */
type JsonSchemaDocument = Readonly<Record<string, unknown>>;

/** Builds the JSON Schema of a config file: `$schema` and `$id` first, shared definitions under `$defs`. */
export function buildConfigJsonSchema(): JsonSchemaDocument {
	const { $schema, ...rest } = z.toJSONSchema(configSchema, {
		target: "draft-2020-12",
		metadata: configSchemaRegistry,
		io: "input",
		unrepresentable: "throw",
	});
	return { $schema, $id: CONFIG_SCHEMA_ID, ...rest };
}

/** The schema file's exact text: two-space JSON with a final newline. */
export function renderConfigJsonSchema(): string {
	return `${JSON.stringify(buildConfigJsonSchema(), null, 2)}\n`;
}
