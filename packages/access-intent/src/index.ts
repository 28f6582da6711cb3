export type { BashProgramDeps, Unparseable } from "./bash/bash-program";
export { BashProgram, parseBashUnits } from "./bash/bash-program";
export type { DestinationSource, NetworkDestination } from "./bash/effects/network/network-destination";
export type { NameGlob } from "./bash/effects/recursive-read-names";
export { readsFileNamed } from "./bash/effects/recursive-read-names";
export type { RecursiveRead } from "./bash/effects/recursive-reads";
export type { WriteTarget } from "./bash/effects/write-targets";
export type {
	CanonicalCommand,
	CanonicalLevel,
	CanonicalOption,
	CommandSpelling,
} from "./bash/options/canonical-spelling";
export type { CoveredOption, RuleCoverage } from "./bash/options/rule-coverage";
export { ruleCoverage } from "./bash/options/rule-coverage";
export type { AsWrittenReason, RuleSpelling } from "./bash/options/unit-spelling";
export { ruleSpelling, unitSpelling } from "./bash/options/unit-spelling";
export { BashParser } from "./bash/reading/bash-parser";
export type { CommandUnit, UnitContext } from "./bash/reading/command-unit";
export type { ParseLimits } from "./bash/reading/parse-budget";
export { literalWordText } from "./bash/reading/shell-word";
export { isShellOnly } from "./bash/runs/shell-only-builtins";
export type { WrapperSemanticsRow } from "./bash/runs/transparent-wrappers";
export { wrapperSemantics } from "./bash/runs/transparent-wrappers";
export type { ShellEnvironment } from "./bash/state/shell-environment";
export { shellEnvironmentOf, UNKNOWN_SHELL_ENVIRONMENT } from "./bash/state/shell-environment";
export { mcpNativeTargets, mcpProxyTargets, mcpResourceTargets } from "./mcp/mcp-targets";
export type { AccessPath } from "./path/access-path";
export { displayPath, resolvedAlias } from "./path/access-path";
export type { FileSystemProbe } from "./path/file-system-probe";
export { createNodeFileSystemProbe } from "./path/file-system-probe";
export { MAX_PATH_WORK } from "./path/path-candidate-sink";
export type { ForPathOptions, PathNormalizerOptions } from "./path/path-normalizer";
export { PathNormalizer } from "./path/path-normalizer";
export { readPathFallbacks } from "./path/read-path-fallbacks";
export type { TreeWalkOptions, TreeWalkResult } from "./path/tree-walk";
export { walkTree } from "./path/tree-walk";
export type { ToolAccessExtractor, ToolAccessExtractors } from "./tool-input-path";
export { extractToolInputPaths } from "./tool-input-path";
export { toolInputDestinations } from "./tool-input-url";
export type { ClassifyOptions, ShellToolAlias, ToolKind } from "./tool-kind";
export { classifyTool } from "./tool-kind";
