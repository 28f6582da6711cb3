import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildConfigJsonSchema, CONFIG_SCHEMA_ID, renderConfigJsonSchema } from "../../src/config/config-json-schema";
import { configSchema } from "../../src/config/config-schema";
import { CONFIG_DEFAULTS } from "../../src/config/permission-config";

type Json = Readonly<Record<string, unknown>>;

const SHIPPED_PATH = new URL("../../schema/config.schema.json", import.meta.url);

function object(value: unknown): Json {
	if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("expected an object");
	return value as Json;
}

/** Every `properties` entry anywhere in the schema, with its path, found with an explicit stack. */
function everyProperty(schema: Json): Array<{ readonly path: string; readonly node: Json }> {
	const found: Array<{ readonly path: string; readonly node: Json }> = [];
	const stack: Array<{ readonly path: string; readonly node: unknown }> = [{ path: "", node: schema }];
	while (stack.length > 0) {
		const { path, node } = stack.pop() ?? { path: "", node: undefined };
		if (typeof node !== "object" || node === null) continue;
		for (const [key, child] of Object.entries(node)) {
			if (key === "properties") {
				for (const [name, property] of Object.entries(object(child))) {
					found.push({ path: `${path}/${name}`, node: object(property) });
				}
			}
			stack.push({ path: `${path}/${key}`, node: child });
		}
	}
	return found;
}

describe("buildConfigJsonSchema", () => {
	it("matches the shipped schema/config.schema.json byte for byte", () => {
		const shipped = readFileSync(SHIPPED_PATH, "utf8");
		expect(
			shipped === renderConfigJsonSchema(),
			"schema/config.schema.json is stale: run `pnpm --filter @pi-permissions/policy schema:write`",
		).toBe(true);
	});

	it("is a Draft 2020-12 schema with our own $id", () => {
		const schema = buildConfigJsonSchema();
		expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
		expect(schema.$id).toBe(CONFIG_SCHEMA_ID);
		expect(Object.keys(schema).slice(0, 2)).toEqual(["$schema", "$id"]);
	});

	it("defines permissionState, permissionMap, denyWithReason, allowUntil and policyExample under $defs", () => {
		const defs = object(buildConfigJsonSchema().$defs);
		expect(Object.keys(defs).sort()).toEqual([
			"allowUntil",
			"denyWithReason",
			"permissionMap",
			"permissionState",
			"policyExample",
		]);
		expect(object(defs.allowUntil).required).toEqual(["action", "expires"]);
		expect(object(defs.allowUntil).additionalProperties).toBe(false);
		expect(object(defs.policyExample).required).toEqual(["tool", "expect"]);
		expect(object(defs.permissionState).enum).toEqual(["allow", "ask", "deny"]);
		expect(object(defs.denyWithReason).additionalProperties).toBe(false);
		expect(object(object(object(defs.denyWithReason).properties).reason).maxLength).toBe(500);
	});

	it("documents every key with a description", () => {
		const properties = everyProperty(buildConfigJsonSchema());
		expect(properties.length).toBeGreaterThanOrEqual(19);
		for (const { path, node } of properties) {
			expect(typeof node.description === "string" && node.description.length > 0, path).toBe(true);
		}
	});

	it("lists exactly the keys of the zod schema, and no others", () => {
		const schema = buildConfigJsonSchema();
		expect(Object.keys(object(schema.properties))).toEqual(Object.keys(configSchema.shape));
		expect(schema.additionalProperties).toBe(false);
	});

	it("announces the same defaults as CONFIG_DEFAULTS", () => {
		const properties = object(buildConfigJsonSchema().properties);
		for (const [key, value] of Object.entries(CONFIG_DEFAULTS)) {
			expect(object(properties[key]).default, key).toEqual(value);
		}
	});

	it("marks the deprecated keys as deprecated", () => {
		const properties = object(buildConfigJsonSchema().properties);
		expect(object(properties.doublePressToConfirm).deprecated).toBe(true);
		expect(object(properties.toolInputPreviewMaxLength).deprecated).toBe(true);
		expect(object(properties.toolTextSummaryMaxLength).deprecated).toBe(true);
	});

	it("requires non-empty names other than __proto__ for surfaces and patterns", () => {
		const permission = object(object(buildConfigJsonSchema().properties).permission);
		expect(permission.propertyNames).toMatchObject({ minLength: 1, not: { const: "__proto__" } });
	});
});
