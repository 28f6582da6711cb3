import { describe, expect, it } from "vitest";
import * as presentation from "../src/index";

describe("@pi-permissions/presentation public API", () => {
	it("exports exactly these run-time names", () => {
		expect(Object.keys(presentation).sort()).toEqual(
			[
				"AGENT_TAG",
				"BASH_COMMAND_CONTEXTS",
				"BASH_SENTINELS",
				"DEFAULT_PROMPT_FIELD_MAX_WIDTH",
				"DEFAULT_PROMPT_MAX_ROWS",
				"DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH",
				"DENIAL_ELEMENT_MAX_LENGTH",
				"DENIAL_REASON_MAX_LENGTH",
				"EXPAND_KEY_LABEL",
				"MAX_ANNOTATIONS",
				"MAX_EVIDENCE_ITEMS",
				"MAX_FORWARDING_DEPTH",
				"MAX_PAYLOAD_STRING_LENGTH",
				"PLAIN_PAINTER",
				"PROMPT_ANNOTATION_KINDS",
				"PROMPT_PAYLOAD_KINDS",
				"PROTECTED_EVIDENCE_LABEL",
				"PROTECTED_TARGET_SENTINEL",
				"RULE_ORIGINS",
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
				"cellWidth",
				"forwardingHops",
				"isBashSentinel",
				"protectedReason",
				"layoutDialog",
				"originPayload",
				"projectUiPrompt",
				"readPromptPayload",
				"renderAgentDenial",
				"renderDialog",
				"renderFallbackText",
				"renderReviewLogFacts",
				"visibleText",
			].sort(),
		);
	});
});
