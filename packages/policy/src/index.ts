export type { PolicyEnvironment } from "./compiled-policy";
export { CompiledPolicy, isCatchAll } from "./compiled-policy";
export { MCP_DISCOVERY_TARGETS } from "./composition/mcp-baseline";
export type {
	ComposedPolicy,
	CompositionInput,
	EffectiveSettings,
	ScopeOutcome,
} from "./composition/policy-composition";
export { composePolicy } from "./composition/policy-composition";
export type { ConfigIssue } from "./config/config-issue";
export { CONFIG_SCHEMA_ID, renderConfigJsonSchema } from "./config/config-json-schema";
export { salvageConfig } from "./config/config-salvage";
export { validateConfig } from "./config/config-validation";
export { expiryInstant } from "./config/grant-expiry";
export type {
	PatternValue,
	PermissionConfig,
	PolicyExample,
	PromptPingDesktop,
	ShellToolConfig,
	SurfaceValue,
	TelemetryConfig,
} from "./config/permission-config";
export { CONFIG_DEFAULTS } from "./config/permission-config";
export { judgeSurfaceKey } from "./config/surface-keys";
export type { GrantConflict, GrantPlacement, GrantPlacementInput, GrantRequest } from "./grants/grant-placement";
export { configWithGrant, placeGrant } from "./grants/grant-placement";
export { expandHome } from "./home-expansion";
export { managedReportLines } from "./managed/managed-report";
export type { ManagedFacts, ManagedOutcome } from "./managed/managed-scope";
export { MANAGED_KEYS, managedKeyIssues } from "./managed/managed-scope";
export type { ModeLimitSource, ModeSettings } from "./modes/mode-settings";
export type { ModeOrigin, PermissionMode } from "./modes/permission-mode";
export { isPermissionMode, MODE_TABLE, PERMISSION_MODES } from "./modes/permission-mode";
export type { PathFlavor, PathFlavorName } from "./path-flavor";
export { POSIX_FLAVOR, pathFlavorFor, WIN32_FLAVOR } from "./path-flavor";
export { overlapValue, patternContains } from "./pattern-overlap";
export type { PermissionState } from "./permission-state";
export { restrictiveness } from "./permission-state";
export type { Result } from "./result";
export { err, ok } from "./result";
export type { Rule, RuleOrigin, Ruleset, ScopeName } from "./rule";
export { UNIVERSAL_SURFACE } from "./rule";
export type { RuleMatch } from "./rule-match";
export type { ExpiryReason, SessionGrantBound } from "./session/session-grant-bound";
export { boundText } from "./session/session-grant-bound";
export type { ExpiredGrant, SessionGrant, SessionGrantRequest } from "./session/session-rule-store";
export { SessionRuleStore } from "./session/session-rule-store";
export type { BashApprovalUnit, SessionSuggestion, SuggestionOptions } from "./session/session-suggestion";
export {
	sessionGrantRequests,
	suggestBashApproval,
	suggestPathApproval,
	suggestSessionApproval,
} from "./session/session-suggestion";
export {
	BASH_SURFACE,
	CROSS_CUTTING_PATH_SURFACES,
	EXTERNAL_DIRECTORY_SURFACE,
	MCP_SURFACE,
	PATH_SURFACE,
	PATH_SURFACES,
	READ_ONLY_FILE_TOOLS,
	SKILL_SURFACE,
	WHOLE_TOOL,
	WRITE_FILE_TOOLS,
} from "./surface";
export type { WildcardMatcher } from "./wildcard";
export { compileWildcard, hasWildcard } from "./wildcard";
