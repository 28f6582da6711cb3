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
				"PersistedGrantWriter",
				"PermissionQuery",
				"SKILL_SURFACE",
				"ToolCallPipeline",
				"checkBashCommand",
				"configLocations",
				"createNodeConfigFileSystem",
				"createNodeGrantFileSystem",
				"formatConfigLoadIssue",
				"formatKeyPath",
				"grantNote",
				"grantWriteErrorText",
				"listPersistedGrants",
				"mostRestrictiveOutcome",
				"persistedGrantId",
				"resolveAgentDir",
			].sort(),
		);
	});
});
