export type { PolicyEnvironment } from "./compiled-policy";
export { CompiledPolicy, isCatchAll } from "./compiled-policy";
export { MCP_DISCOVERY_TARGETS } from "./composition/mcp-baseline";
export type {
	ComposedPolicy,
	CompositionInput,
	CompositionNotice,
	EffectiveSettings,
	ScopeOutcome,
} from "./composition/policy-composition";
export { composePolicy } from "./composition/policy-composition";
export type { MergedScopes, MergedSurface } from "./composition/scope-merge";
export { mergedPermissionConfig } from "./composition/scope-merge";
export type { ConfigIssue } from "./config/config-issue";
export { configError, configWarning } from "./config/config-issue";
export type { JsonSchemaDocument } from "./config/config-json-schema";
export { buildConfigJsonSchema, CONFIG_SCHEMA_ID, renderConfigJsonSchema } from "./config/config-json-schema";
export { salvageConfig } from "./config/config-salvage";
export { DEPRECATED_CONFIG_KEYS, MAX_DENY_REASON_LENGTH, POLICY_EXAMPLE_INPUT_KEYS } from "./config/config-schema";
export type { ValidatedConfig } from "./config/config-validation";
export { MAX_CONFIG_ISSUES, validateConfig } from "./config/config-validation";
export type {
	DenyWithReason,
	PatternMap,
	PatternValue,
	PermissionConfig,
	PolicyExample,
	PromptPingDesktop,
	ShellToolConfig,
	SurfaceValue,
} from "./config/permission-config";
export { CONFIG_DEFAULTS } from "./config/permission-config";
export type {
	EffectiveSandboxSettings,
	SandboxConfig,
	SandboxMode,
	SandboxNetworkConfig,
} from "./config/sandbox-config";
export { layerSandboxConfig, SANDBOX_DEFAULTS, SANDBOX_MODES } from "./config/sandbox-config";
export type { SurfaceKeyJudgement } from "./config/surface-keys";
export { BUILTIN_TOOL_NAMES, judgeSurfaceKey, SURFACE_NAMES } from "./config/surface-keys";
export type {
	GrantConflict,
	GrantPlacement,
	GrantPlacementInput,
	GrantRequest,
	SurfaceForm,
} from "./grants/grant-placement";
export { configWithGrant, placeGrant } from "./grants/grant-placement";
export { patternContains, patternsOverlap } from "./grants/pattern-overlap";
export { expandHome } from "./home-expansion";
export type { PathFlavor, PathFlavorName } from "./path-flavor";
export { POSIX_FLAVOR, pathFlavorFor, WIN32_FLAVOR } from "./path-flavor";
export type { PermissionState } from "./permission-state";
export { isPermissionState, mostRestrictive, PERMISSION_STATES, restrictiveness } from "./permission-state";
export type { Result } from "./result";
export { err, ok } from "./result";
export type { Rule, RuleOrigin, Ruleset, ScopeName } from "./rule";
export { SCOPE_NAMES, UNIVERSAL_SURFACE } from "./rule";
export type { RuleMatch } from "./rule-match";
export type { BashArityEntry } from "./session/bash-arity-table";
export { BASH_ARITY_TABLE } from "./session/bash-arity-table";
export type { BashSessionPattern, NeverSuggestReason } from "./session/bash-session-pattern";
export { analyzeBashSessionPattern, bashSessionPattern } from "./session/bash-session-pattern";
export { mcpSessionPattern } from "./session/mcp-session-pattern";
export { pathApprovalPattern } from "./session/path-approval-pattern";
export type { SessionGrant, SessionGrantRequest } from "./session/session-rule-store";
export { SessionRuleStore } from "./session/session-rule-store";
export type { SessionSuggestion, SessionSuggestionKind, SuggestionOptions } from "./session/session-suggestion";
export {
	sessionGrantRequests,
	sessionSuggestionLabel,
	suggestPathApproval,
	suggestSessionApproval,
} from "./session/session-suggestion";
export {
	BASH_SURFACE,
	CROSS_CUTTING_PATH_SURFACES,
	EXTERNAL_DIRECTORY_SURFACE,
	FILE_TOOL_SURFACES,
	MCP_SURFACE,
	PATH_SURFACE,
	PATH_SURFACES,
	READ_ONLY_FILE_TOOLS,
	SKILL_SURFACE,
	WHOLE_TOOL,
} from "./surface";
export type { WildcardMatcher } from "./wildcard";
export { compileWildcard, hasWildcard } from "./wildcard";
