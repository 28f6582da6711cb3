export type { MatchedSpelling } from "./bash/spelling-match";
export type { UnitSpellingTrace } from "./bash/spelling-trace";
export { unitSpellingTrace } from "./bash/spelling-trace";
export type { AgentPolicy, AgentPolicyComposition } from "./config/agent-policy";
export { composeAgentPolicy, loadAgentPolicy } from "./config/agent-policy";
export type { ConfigFileSystem } from "./config/config-file-system";
export { createNodeConfigFileSystem } from "./config/config-file-system";
export type { ConfigLoadIssue } from "./config/config-load-issue";
export { formatConfigLoadIssue, formatKeyPath } from "./config/config-load-issue";
export type {
	ConfigLoaderOptions,
	ConfigLoadRequest,
	ConfigLoadResult,
	ScopeReport,
	ScopeStatus,
} from "./config/config-loader";
export { ConfigLoader } from "./config/config-loader";
export { configLocations, resolveAgentDir } from "./config/config-locations";
export type { ConfigSource } from "./config/config-source-map";
export { readConfigSource } from "./config/config-source-map";
export type { ConfigFileFormat } from "./config/config-text-interpretation";
export { interpretConfigText } from "./config/config-text-interpretation";
export { DEFAULT_MAX_CONFIG_BYTES } from "./config/scope-file-reader";
export type { ExampleDecision, ExampleVerdict } from "./examples/policy-examples";
export {
	exampleFailureLine,
	exampleInput,
	exampleLocation,
	examplesOf,
	judgeExample,
} from "./examples/policy-examples";
export type { GateName, GateOutcome, OutcomeBasis } from "./gates/gate-outcome";
export type { ProtectedTargetsOptions } from "./gates/protected-targets";
export { ProtectedTargets } from "./gates/protected-targets";
export type { SkillInvocation } from "./gates/skill-input-gate";
export type { ActiveSkill } from "./gates/skill-read-gate";
export { grantEndErrorText, grantEnded, grantEndFromOption, grantEndText } from "./grants/grant-end";
export type { GrantFileSystem } from "./grants/grant-file-system";
export { createNodeGrantFileSystem } from "./grants/grant-file-system";
export { grantWriteErrorText } from "./grants/grant-write-error-text";
export type { PersistedGrant } from "./grants/persisted-grant-list";
export { listPersistedGrants } from "./grants/persisted-grant-list";
export type { GrantScope, GrantWriteError, GrantWriterOptions } from "./grants/persisted-grant-writer";
export { PersistedGrantWriter } from "./grants/persisted-grant-writer";
export type { ManagedFileSystem } from "./managed/managed-file";
export { nodeManagedFileSystem, readManagedPolicy } from "./managed/managed-file";
export { systemManagedPolicyFile } from "./managed/managed-location";
export type { AskAnswer, AskDenier, AskEscalator, AskRequest } from "./pipeline/ask-escalator";
export type { DecisionFact, DecisionResolution, DecisionSink } from "./pipeline/decision-fact";
export { gateErrorFact } from "./pipeline/decision-fact";
export type { GateRunnerOptions, RunVerdict, TracedGate } from "./pipeline/gate-runner";
export { GateRunner } from "./pipeline/gate-runner";
export { matchingRules } from "./pipeline/rule-trace";
export type { RunReport } from "./pipeline/run-report";
export { reportOf } from "./pipeline/run-report";
export type { ShellParse } from "./pipeline/shell-workdir";
export type { ToolCall } from "./pipeline/tool-call";
export type { PipelineDecision, PolicyProvider, ToolCallPipelineOptions } from "./pipeline/tool-call-pipeline";
export { ToolCallPipeline } from "./pipeline/tool-call-pipeline";
export { reconcileFloorWithYolo } from "./pipeline/yolo-floor";
export type { PermissionCheckResult, PermissionQueryOptions } from "./query/permission-query";
export { PermissionQuery } from "./query/permission-query";
export type { SandboxPlanView } from "./sandbox/sandbox-coverage";
