/**
 * Owns: the Pi extension factory of `@pi-permissions/model-judge` (the default export, the package's composition
 * root) and the package's public names.
 * Never: does work in the factory beyond subscribing; everything starts at `session_start` / `permissions:ready`.
 */

import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { getAgentDir } from "@earendil-works/pi-coding-agent";
import { systemClock } from "@pi-permissions/authority";
import { createModelJudgeExtension } from "./extension/model-judge-extension";
import { nodeReadText } from "./extension/node-read-text";

export default function modelJudge(pi: ExtensionAPI): void {
	createModelJudgeExtension({
		agentDir: getAgentDir(),
		readText: nodeReadText,
		clock: systemClock,
		serviceHost: globalThis,
	})(pi);
}

export type { JudgeConfigIssue } from "./config/judge-config-issue";
export {
	buildJudgeConfigJsonSchema,
	JUDGE_CONFIG_SCHEMA_ID,
	renderJudgeConfigJsonSchema,
} from "./config/judge-config-json-schema";
export type { JudgeConfigPlaces, LoadedJudgeConfig, ReadText } from "./config/judge-config-loader";
export { JUDGE_CONFIG_FILE, judgeConfigFiles, loadJudgeConfig } from "./config/judge-config-loader";
export type { JudgeConfig, JudgeConfigLayer } from "./config/judge-config-schema";
export { judgeConfigLayerSchema, judgeConfigSchema } from "./config/judge-config-schema";
export type { ModelJudgeHost } from "./extension/model-judge-extension";
export { createModelJudgeExtension } from "./extension/model-judge-extension";
export type { JudgeModelRegistry } from "./model/judge-model-client";
export { forcedToolChoice } from "./model/verdict-tool";
export type { JudgeSessionState, ModelJudgeAuthorizerDeps } from "./model-judge-authorizer";
export { MODEL_JUDGE_NAME, ModelJudgeAuthorizer } from "./model-judge-authorizer";
export type { JudgeFailure, JudgeFailureKind } from "./review/judge-failure";
