import { describe, expect, it } from "vitest";
import {
	configSchema,
	DEPRECATED_CONFIG_KEYS,
	denyWithReasonSchema,
	permissionMapSchema,
	permissionStateSchema,
} from "../../src/config/config-schema";

describe("configSchema", () => {
	it("knows the twenty-eight keys of the config file", () => {
		expect(Object.keys(configSchema.shape)).toEqual([
			"$schema",
			"debugLog",
			"permissionReviewLog",
			"yoloMode",
			"doublePressToConfirm",
			"forwardingTimeoutMs",
			"promptMaxRows",
			"promptFieldMaxWidth",
			"reviewLogFieldMaxWidth",
			"toolInputPreviewMaxLength",
			"toolTextSummaryMaxLength",
			"piInfrastructureReadPaths",
			"protectedPaths",
			"authorizerChain",
			"knownTools",
			"promptPingBell",
			"promptPingDesktop",
			"promptPingDelaySeconds",
			"permission",
			"shellTools",
			"tests",
			"sandbox",
			"defaultMode",
			"allowedModes",
			"disableYolo",
			"requireSandbox",
			"allowManagedRulesOnly",
			"telemetry",
		]);
	});

	it("lists only schema keys as deprecated", () => {
		for (const key of DEPRECATED_CONFIG_KEYS) expect(Object.keys(configSchema.shape)).toContain(key);
	});

	it.each(["allow", "ask", "deny"])("accepts the action `%s`", (action) => {
		expect(permissionStateSchema.safeParse(action).success).toBe(true);
	});

	it.each(["Allow", "allowed", "", "*"])("rejects `%s` as an action", (action) => {
		expect(permissionStateSchema.safeParse(action).success).toBe(false);
	});

	it("accepts a deny rule with and without a reason", () => {
		expect(denyWithReasonSchema.safeParse({ action: "deny" }).success).toBe(true);
		expect(denyWithReasonSchema.safeParse({ action: "deny", reason: "r".repeat(500) }).success).toBe(true);
	});

	it("rejects a deny rule with a 501-character reason or an extra key", () => {
		expect(denyWithReasonSchema.safeParse({ action: "deny", reason: "r".repeat(501) }).success).toBe(false);
		expect(denyWithReasonSchema.safeParse({ action: "deny", note: "x" }).success).toBe(false);
	});

	it("keeps the order of a pattern map", () => {
		const parsed = permissionMapSchema.parse({ "z *": "deny", "a *": "allow", "m *": { action: "deny" } });
		expect(Object.keys(parsed)).toEqual(["z *", "a *", "m *"]);
	});
});
