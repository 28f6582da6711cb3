import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import type { configSchema, permissionStateSchema } from "../../src/config/config-schema";
import type { PermissionConfig } from "../../src/config/permission-config";
import type { PermissionState } from "../../src/permission-state";

// INVARIANT: whatever the zod schema accepts is a `PermissionConfig`, and its actions are exactly `PermissionState`.
// A schema change that breaks either fails `tsc` (the package's type check reads its tests) rather than a consumer.
describe("the config schema's types", () => {
	it("accepts only what is a PermissionConfig", () => {
		expectTypeOf<z.output<typeof configSchema>>().toExtend<PermissionConfig>();
	});

	it("reads exactly the permission states", () => {
		expectTypeOf<z.output<typeof permissionStateSchema>>().toExtend<PermissionState>();
		expectTypeOf<PermissionState>().toExtend<z.output<typeof permissionStateSchema>>();
	});
});
