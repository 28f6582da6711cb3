import { describe, expect, it } from "vitest";
import * as policy from "../src/index";

describe("@pi-permissions/policy public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(policy).sort()).toEqual(
			[
				"BASH_SURFACE",
				"CONFIG_DEFAULTS",
				"CONFIG_SCHEMA_ID",
				"CROSS_CUTTING_PATH_SURFACES",
				"CompiledPolicy",
				"EXTERNAL_DIRECTORY_SURFACE",
				"MCP_DISCOVERY_TARGETS",
				"MCP_SURFACE",
				"PATH_SURFACE",
				"PATH_SURFACES",
				"POSIX_FLAVOR",
				"READ_ONLY_FILE_TOOLS",
				"SKILL_SURFACE",
				"SessionRuleStore",
				"boundText",
				"UNIVERSAL_SURFACE",
				"WHOLE_TOOL",
				"WIN32_FLAVOR",
				"WRITE_FILE_TOOLS",
				"compileWildcard",
				"composePolicy",
				"configWithGrant",
				"err",
				"expandHome",
				"hasWildcard",
				"isCatchAll",
				"judgeSurfaceKey",
				"ok",
				"overlapValue",
				"pathFlavorFor",
				"patternContains",
				"placeGrant",
				"renderConfigJsonSchema",
				"restrictiveness",
				"salvageConfig",
				"sessionGrantRequests",
				"suggestBashApproval",
				"suggestPathApproval",
				"suggestSessionApproval",
				"validateConfig",
			].sort(),
		);
	});
});
