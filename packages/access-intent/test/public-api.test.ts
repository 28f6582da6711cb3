import { describe, expect, it } from "vitest";
import * as accessIntent from "../src/index";

describe("@pi-permissions/access-intent public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(accessIntent).sort()).toEqual(
			[
				"BashParser",
				"BashProgram",
				"DEFAULT_PARSE_LIMITS",
				"MAX_CANONICAL_STEPS",
				"MAX_PATH_WORK",
				"MAX_PROBE_CALLS",
				"MCP_RESOURCE_TOOLS",
				"PATH_BUILTINS",
				"PathNormalizer",
				"SAFE_DEVICES",
				"UNCHECKED_PATHS",
				"WRAPPER_SEMANTICS",
				"classifyTool",
				"commandNameOf",
				"createNodeFileSystemProbe",
				"displayPath",
				"extractToolInputPaths",
				"isSafeDevice",
				"literalWordText",
				"mcpNativeTargets",
				"mcpProxyTargets",
				"mcpResourceTargets",
				"mcpTargets",
				"parseBashUnits",
				"resolvedAlias",
				"splitNativeName",
				"wrapperSemantics",
			].sort(),
		);
	});
});
