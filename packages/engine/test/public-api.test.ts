import { describe, expect, it } from "vitest";
import * as engine from "../src/index";

describe("@pi-permissions/engine public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(engine).sort()).toEqual(
			[
				"AGENT_DIR_ENV",
				"ConfigLoader",
				"DEFAULT_MAX_CONFIG_BYTES",
				"DEFAULT_REREAD_DELAYS_MS",
				"FileTooLargeError",
				"GATE_ORDER",
				"GRANT_MARKER",
				"GateRunner",
				"PermissionQuery",
				"PersistedGrantWriter",
				"ProtectedTargets",
				"ToolCallPipeline",
				"checkBashCommand",
				"configLocations",
				"createNodeConfigFileSystem",
				"createNodeGrantFileSystem",
				"decidingRule",
				"describeExample",
				"exampleFailureLine",
				"exampleInput",
				"exampleLocation",
				"examplesOf",
				"formatConfigLoadIssue",
				"formatKeyPath",
				"grantNote",
				"grantWriteErrorText",
				"interpretConfigText",
				"judgeExample",
				"listPersistedGrants",
				"mostRestrictiveOutcome",
				"persistedGrantId",
				"readConfigSource",
				"reconcileFloorWithYolo",
				"resolveAgentDir",
			].sort(),
		);
	});
});
