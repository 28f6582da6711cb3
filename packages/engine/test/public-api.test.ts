import { describe, expect, it } from "vitest";
import * as engine from "../src/index";

describe("@pi-permissions/engine public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(engine).sort()).toEqual(
			[
				"ConfigLoader",
				"DEFAULT_MAX_CONFIG_BYTES",
				"GateRunner",
				"PermissionQuery",
				"PersistedGrantWriter",
				"ProtectedTargets",
				"ToolCallPipeline",
				"composeAgentPolicy",
				"configLocations",
				"createNodeConfigFileSystem",
				"createNodeGrantFileSystem",
				"exampleFailureLine",
				"exampleInput",
				"exampleLocation",
				"examplesOf",
				"formatConfigLoadIssue",
				"formatKeyPath",
				"gateErrorFact",
				"grantEndErrorText",
				"grantEndFromOption",
				"grantEndText",
				"grantEnded",
				"grantWriteErrorText",
				"interpretConfigText",
				"judgeExample",
				"listPersistedGrants",
				"loadAgentPolicy",
				"matchingRules",
				"nodeManagedFileSystem",
				"readConfigSource",
				"readManagedPolicy",
				"reconcileFloorWithYolo",
				"reportOf",
				"resolveAgentDir",
				"systemManagedPolicyFile",
				"unitSpellingTrace",
			].sort(),
		);
	});
});
