import { describe, expect, it } from "vitest";
import * as presentation from "../src/index";

describe("@pi-permissions/presentation public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(presentation).sort()).toEqual(
			[
				"AGENT_TAG",
				"BASH_SENTINELS",
				"EXPAND_KEY_LABEL",
				"PLAIN_PAINTER",
				"PROTECTED_EVIDENCE_LABEL",
				"INVALID_CONFIG_EVIDENCE_LABEL",
				"invalidConfigEvidence",
				"FULL_VIEW_TOP",
				"fullViewLines",
				"fullViewProgress",
				"fullViewRows",
				"scrollDown",
				"scrollToEnd",
				"scrollUp",
				"PROTECTED_TARGET_SENTINEL",
				"buildBashAskPayload",
				"buildBashExternalDirectoryAskPayload",
				"buildExternalDirectoryAskPayload",
				"buildForwardedAskPayload",
				"buildMcpAskPayload",
				"buildPathAskPayload",
				"buildSkillAskPayload",
				"buildSkillReadAskPayload",
				"buildToolAskPayload",
				"buildWriteAskPayload",
				"isBashSentinel",
				"protectedReason",
				"originPayload",
				"projectUiPrompt",
				"readPromptPayload",
				"renderAgentDenial",
				"renderDialog",
				"renderFallbackText",
				"renderReviewLogFacts",
			].sort(),
		);
	});
});
