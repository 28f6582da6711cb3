import { describe, expect, it } from "vitest";
import * as policy from "../src/index";

describe("@pi-permissions/policy public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(policy).sort()).toEqual(
			[
				"BASH_ARITY_TABLE",
				"CONFIG_DEFAULTS",
				"CONFIG_SCHEMA_ID",
				"CompiledPolicy",
				"DEPRECATED_CONFIG_KEYS",
				"MAX_CONFIG_ISSUES",
				"MAX_DENY_REASON_LENGTH",
				"MCP_DISCOVERY_TARGETS",
				"MCP_SURFACE",
				"PATH_SURFACES",
				"PERMISSION_STATES",
				"POSIX_FLAVOR",
				"SCOPE_NAMES",
				"SessionRuleStore",
				"UNIVERSAL_SURFACE",
				"WIN32_FLAVOR",
				"analyzeBashSessionPattern",
				"bashSessionPattern",
				"buildConfigJsonSchema",
				"compileWildcard",
				"composePolicy",
				"configError",
				"configWarning",
				"err",
				"expandHome",
				"hasWildcard",
				"isCatchAll",
				"isPermissionState",
				"mcpSessionPattern",
				"mergedPermissionConfig",
				"mostRestrictive",
				"ok",
				"pathApprovalPattern",
				"pathFlavorFor",
				"renderConfigJsonSchema",
				"restrictiveness",
				"salvageConfig",
				"sessionGrantRequests",
				"sessionSuggestionLabel",
				"suggestPathApproval",
				"suggestSessionApproval",
				"validateConfig",
			].sort(),
		);
	});
});
