import { describe, expect, it } from "vitest";
import * as authority from "../src/index";

describe("@pi-permissions/authority public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(authority).sort()).toEqual(
			[
				"AuthorizerRegistry",
				"NodeForwardingFileSystem",
				"ProcessGlobalSlot",
				"ServingRegistry",
				"SessionAuthority",
				"SubagentRegistry",
				"innermostDecisionSource",
				"processIsAlive",
				"silentAuthorityLog",
				"systemClock",
				"systemIdGenerator",
			].sort(),
		);
	});
});
