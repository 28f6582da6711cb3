import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS } from "../../src/config/permission-config";

describe("CONFIG_DEFAULTS", () => {
	it("holds the documented default of every setting that has one", () => {
		expect(CONFIG_DEFAULTS).toEqual({
			debugLog: false,
			permissionReviewLog: true,
			yoloMode: false,
			forwardingTimeoutMs: 600_000,
			promptMaxRows: 24,
			promptFieldMaxWidth: 400,
			reviewLogFieldMaxWidth: 1000,
			piInfrastructureReadPaths: [],
			protectedPaths: [],
			authorizerChain: [],
			promptPingBell: true,
			promptPingDesktop: "off",
			promptPingDelaySeconds: 15,
		});
	});
});
