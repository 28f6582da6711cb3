import { describe, expect, it } from "vitest";
import * as accessIntent from "../src/index";

describe("@pi-permissions/access-intent public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(accessIntent).sort()).toEqual(
			[
				"BashParser",
				"BashProgram",
				"MAX_PATH_WORK",
				"PathNormalizer",
				"UNKNOWN_SHELL_ENVIRONMENT",
				"classifyTool",
				"createNodeFileSystemProbe",
				"displayPath",
				"extractToolInputPaths",
				"isShellOnly",
				"literalWordText",
				"mcpNativeTargets",
				"mcpProxyTargets",
				"mcpResourceTargets",
				"parseBashUnits",
				"readPathFallbacks",
				"readsFileNamed",
				"resolvedAlias",
				"ruleCoverage",
				"ruleSpelling",
				"shellEnvironmentOf",
				"toolInputDestinations",
				"unitSpelling",
				"walkTree",
				"wrapperSemantics",
			].sort(),
		);
	});
});
