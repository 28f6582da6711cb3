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
				"MAX_WRITE_TARGETS",
				"MCP_RESOURCE_TOOLS",
				"PATH_BUILTINS",
				"PathNormalizer",
				"SAFE_DEVICES",
				"UNKNOWN_SHELL_ENVIRONMENT",
				"UNCHECKED_PATHS",
				"UNCHECKED_WRITES",
				"WRAPPER_SEMANTICS",
				"WRITE_OPERANDS",
				"classifyTool",
				"commandNameOf",
				"createNodeFileSystemProbe",
				"displayPath",
				"extractToolInputPaths",
				"isSafeDevice",
				"isWritingRedirect",
				"literalWordText",
				"mcpNativeTargets",
				"mcpProxyTargets",
				"mcpResourceTargets",
				"mcpTargets",
				"parseBashUnits",
				"resolvedAlias",
				"shellEnvironmentOf",
				"splitNativeName",
				"wrapperSemantics",
			].sort(),
		);
	});
});
