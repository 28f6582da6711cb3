import { describe, expect, it } from "vitest";
import * as sandbox from "../src/index";

describe("@pi-permissions/sandbox public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(sandbox).sort()).toEqual(
			[
				"MAX_BLOCKED_REPORTS",
				"READ_DENY_SURFACES",
				"RUNTIME_PACKAGE",
				"SandboxRuntime",
				"composedSandboxPlan",
				"WRITE_DENY_SURFACES",
				"explainBlocked",
				"installHint",
				"isCatchAllPattern",
				"planSandbox",
				"renderBlocked",
				"renderSandboxPlan",
				"toRuntimeSettings",
				"toSandboxGlob",
				"translatePattern",
			].sort(),
		);
	});
});
