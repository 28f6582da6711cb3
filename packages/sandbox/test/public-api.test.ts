import { describe, expect, it } from "vitest";
import * as sandbox from "../src/index";

describe("@pi-permissions/sandbox public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(sandbox).sort()).toEqual(
			[
				"MAX_SWEPT_REPORTS",
				"SandboxPlanCache",
				"SandboxRuntime",
				"composedSandboxPlan",
				"explainBlocked",
				"planSandbox",
				"renderBlocked",
				"renderSandboxPlan",
				"snapshotBeforeCall",
				"sweepAfterCall",
				"toRuntimeSettings",
			].sort(),
		);
	});
});
