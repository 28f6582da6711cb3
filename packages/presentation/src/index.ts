export type { AskBase } from "./build/ask-base";
export type { BashAskInput, BashExternalDirectoryAskInput } from "./build/bash-ask-payload";
export { buildBashAskPayload, buildBashExternalDirectoryAskPayload } from "./build/bash-ask-payload";
export type { ForwardedAskInput } from "./build/forwarded-ask-payload";
export { buildForwardedAskPayload } from "./build/forwarded-ask-payload";
export type { InvalidScope } from "./build/invalid-config-note";
export { INVALID_CONFIG_EVIDENCE_LABEL, invalidConfigEvidence } from "./build/invalid-config-note";
export type { NetworkAskInput } from "./build/network-ask-payload";
export { buildNetworkAskPayload } from "./build/network-ask-payload";
export type { ExternalDirectoryAskInput, PathAskInput } from "./build/path-ask-payload";
export { buildExternalDirectoryAskPayload, buildPathAskPayload } from "./build/path-ask-payload";
export type { SkillAskInput, SkillReadAskInput } from "./build/skill-ask-payload";
export { buildSkillAskPayload, buildSkillReadAskPayload } from "./build/skill-ask-payload";
export type { McpAskInput, ToolAskInput } from "./build/tool-ask-payload";
export { buildMcpAskPayload, buildToolAskPayload } from "./build/tool-ask-payload";
export type { WriteAskInput } from "./build/write-ask-payload";
export { buildWriteAskPayload, PROTECTED_EVIDENCE_LABEL, PROTECTED_TARGET_SENTINEL } from "./build/write-ask-payload";
export type { Decider } from "./decider";
export type {
	BashSentinel,
	ForwardingProvenance,
	LocalPromptPayload,
	PromptAnnotation,
	PromptEvidence,
	PromptPayload,
	PromptPayloadKind,
	PromptRequester,
	PromptRequestFacts,
} from "./prompt-payload";
export { BASH_SENTINELS, isBashSentinel, originPayload } from "./prompt-payload";
export { readPromptPayload } from "./read-prompt-payload";
export type { AgentDenial } from "./render/agent-denial";
export { AGENT_TAG, renderAgentDenial } from "./render/agent-denial";
export type { DialogOptions } from "./render/dialog-renderer";
export { EXPAND_KEY_LABEL, renderDialog } from "./render/dialog-renderer";
export type { FallbackOption } from "./render/fallback-text";
export { renderFallbackText } from "./render/fallback-text";
export type { FullViewLine, FullViewPosition } from "./render/full-view";
export {
	FULL_VIEW_TOP,
	fullViewLines,
	fullViewProgress,
	fullViewRows,
	scrollDown,
	scrollToEnd,
	scrollUp,
} from "./render/full-view";
export type { Painter } from "./render/painter";
export { PLAIN_PAINTER } from "./render/painter";
export { renderReviewLogFacts } from "./render/review-log-facts";
export type { UiPromptEvent, UiPromptSource } from "./render/ui-prompt-projection";
export { projectUiPrompt } from "./render/ui-prompt-projection";
export type { IdGenerator } from "./request-id";
