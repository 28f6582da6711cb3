export type { ParseTick } from "./bash/bash-parser";
export { BashParser } from "./bash/bash-parser";
export type { BashProgramDeps, ParsedUnits, Unparseable } from "./bash/bash-program";
export { BashProgram, parseBashUnits } from "./bash/bash-program";
export { commandNameOf } from "./bash/command-name";
export type {
	Assignment,
	CommandUnit,
	InnerWrapper,
	Redirect,
	RunTimeWords,
	UnitContext,
	WrapperKind,
} from "./bash/command-unit";
export type { WriteEffect } from "./bash/effects/write-operand-table";
export { WRITE_OPERANDS } from "./bash/effects/write-operand-table";
export type { BudgetDimension, ParseLimits, WorkCount } from "./bash/parse-budget";
export { DEFAULT_PARSE_LIMITS } from "./bash/parse-budget";
export type { ShellEnvironment } from "./bash/shell-environment";
export { shellEnvironmentOf, UNKNOWN_SHELL_ENVIRONMENT } from "./bash/shell-environment";
export type { ShellWord, WordPart } from "./bash/shell-word";
export { literalWordText } from "./bash/shell-word";
export type { WrapperSemantics, WrapperSemanticsRow } from "./bash/transparent-wrappers";
export { WRAPPER_SEMANTICS, wrapperSemantics } from "./bash/transparent-wrappers";
export type { WriteTarget } from "./bash/write-targets";
export { isWritingRedirect, MAX_WRITE_TARGETS, UNCHECKED_WRITES } from "./bash/write-targets";
export type { McpToolForm } from "./mcp/mcp-targets";
export {
	MCP_RESOURCE_TOOLS,
	mcpNativeTargets,
	mcpProxyTargets,
	mcpResourceTargets,
	mcpTargets,
	splitNativeName,
} from "./mcp/mcp-targets";
export type { AccessPath, LiteralAccessPath, ResolvedAccessPath } from "./path/access-path";
export { displayPath, resolvedAlias } from "./path/access-path";
export type { EntryKind, EntryStat, FileSystemProbe } from "./path/file-system-probe";
export { createNodeFileSystemProbe } from "./path/file-system-probe";
export type { BashPaths } from "./path/path-candidate-sink";
export { MAX_PATH_WORK, MAX_PROBE_CALLS, UNCHECKED_PATHS } from "./path/path-candidate-sink";
export type { ForPathOptions, PathNormalizerOptions } from "./path/path-normalizer";
export { MAX_CANONICAL_STEPS, PathNormalizer } from "./path/path-normalizer";
export { isSafeDevice, SAFE_DEVICES } from "./path/safe-devices";
export type { ToolAccessExtractor, ToolAccessExtractors } from "./tool-input-path";
export { extractToolInputPaths } from "./tool-input-path";
export type { ClassifyOptions, PathBuiltinName, ShellToolAlias, ToolKind } from "./tool-kind";
export { classifyTool, PATH_BUILTINS } from "./tool-kind";
