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
				"literalWordText",
				"mcpNativeTargets",
				"mcpProxyTargets",
				"mcpResourceTargets",
				"parseBashUnits",
				"readPathFallbacks",
				"readsFileNamed",
				"resolvedAlias",
				"shellEnvironmentOf",
				"walkTree",
				"wrapperSemantics",
			].sort(),
		);
	});
});
