export type { BashCommandCheck, ParsedBashCommand } from "./bash/bash-command-check";
export { checkBashCommand } from "./bash/bash-command-check";
export type { ConfigFileStat, ConfigFileSystem } from "./config/config-file-system";
export { createNodeConfigFileSystem, FileTooLargeError } from "./config/config-file-system";
export type { ConfigLoadIssue, ConfigLoadIssueKind, ConfigLoadNotice } from "./config/config-load-issue";
export { formatConfigLoadIssue, formatKeyPath } from "./config/config-load-issue";
export type {
	ConfigLoaderOptions,
	ConfigLoadRequest,
	ConfigLoadResult,
	ScopeReport,
	ScopeStatus,
} from "./config/config-loader";
export { ConfigLoader } from "./config/config-loader";
export type { AgentDirInput, ConfigLocations, LocationInput } from "./config/config-locations";
export { AGENT_DIR_ENV, configLocations, resolveAgentDir } from "./config/config-locations";
export type { ConfigSource } from "./config/config-source-map";
export { readConfigSource } from "./config/config-source-map";
export type { ConfigFileFormat, InterpretedScope } from "./config/config-text-interpretation";
export { interpretConfigText } from "./config/config-text-interpretation";
export { DEFAULT_MAX_CONFIG_BYTES, DEFAULT_REREAD_DELAYS_MS } from "./config/scope-file-reader";
export type { ExampleDecision, ExampleVerdict, ScopedExample } from "./examples/policy-examples";
export {
	decidingRule,
	describeExample,
	exampleFailureLine,
	exampleInput,
	exampleLocation,
	examplesOf,
	judgeExample,
} from "./examples/policy-examples";
export type { GateName, GateOutcome, OutcomeBasis } from "./gates/gate-outcome";
export { GATE_ORDER, mostRestrictiveOutcome } from "./gates/gate-outcome";
export type { ProtectedTargetListing, ProtectedTargetsOptions } from "./gates/protected-targets";
export { ProtectedTargets } from "./gates/protected-targets";
export type { SkillInvocation } from "./gates/skill-input-gate";
export type { ActiveSkill } from "./gates/skill-read-gate";
export type { GrantFileState, GrantFileSystem } from "./grants/grant-file-system";
export { createNodeGrantFileSystem } from "./grants/grant-file-system";
export type { GrantSource } from "./grants/grant-text-edit";
export { GRANT_MARKER, grantNote } from "./grants/grant-text-edit";
export { grantWriteErrorText } from "./grants/grant-write-error-text";
export type { PersistedGrant } from "./grants/persisted-grant-list";
export { listPersistedGrants, persistedGrantId } from "./grants/persisted-grant-list";
export type {
	AddGrantOutcome,
	AddGrantRequest,
	GrantScope,
	GrantWriteError,
	GrantWriterOptions,
} from "./grants/persisted-grant-writer";
export { PersistedGrantWriter } from "./grants/persisted-grant-writer";
export type { AskAnswer, AskDenier, AskEscalator, AskRequest } from "./pipeline/ask-escalator";
export type { DecisionFact, DecisionResolution, DecisionSink } from "./pipeline/decision-fact";
export type { DecidingPipeline, GateRunnerOptions, RunVerdict } from "./pipeline/gate-runner";
export { GateRunner } from "./pipeline/gate-runner";
export type { ToolCall } from "./pipeline/tool-call";
export type {
	ParseBashProgram,
	PipelineDecision,
	PolicyProvider,
	ToolCallPipelineOptions,
} from "./pipeline/tool-call-pipeline";
export { ToolCallPipeline } from "./pipeline/tool-call-pipeline";
export type { YoloFloorVerdict } from "./pipeline/yolo-floor";
export { reconcileFloorWithYolo } from "./pipeline/yolo-floor";
export type { ForwardedAccessFacts, PermissionCheckResult, PermissionQueryOptions } from "./query/permission-query";
export { PermissionQuery } from "./query/permission-query";
