import { describe, expect, it } from "vitest";
import * as presentation from "../src/index";

describe("@pi-permissions/presentation public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(presentation).sort()).toEqual(
			[
				"AGENT_TAG",
				"BASH_SENTINELS",
				"EXPAND_KEY_LABEL",
				"FULL_VIEW_TOP",
				"INVALID_CONFIG_EVIDENCE_LABEL",
				"PLAIN_PAINTER",
				"PROTECTED_EVIDENCE_LABEL",
				"PROTECTED_TARGET_SENTINEL",
				"buildBashAskPayload",
				"buildBashExternalDirectoryAskPayload",
				"buildExternalDirectoryAskPayload",
				"buildForwardedAskPayload",
				"buildMcpAskPayload",
				"buildNetworkAskPayload",
				"buildPathAskPayload",
				"buildSkillAskPayload",
				"buildSkillReadAskPayload",
				"buildToolAskPayload",
				"buildWriteAskPayload",
				"fullViewLines",
				"fullViewProgress",
				"fullViewRows",
				"invalidConfigEvidence",
				"isBashSentinel",
				"originPayload",
				"projectUiPrompt",
				"readPromptPayload",
				"renderAgentDenial",
				"renderDialog",
				"renderFallbackText",
				"renderReviewLogFacts",
				"scrollDown",
				"scrollToEnd",
				"scrollUp",
			].sort(),
		);
	});
});
