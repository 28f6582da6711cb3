/**
 * Owns: the names of the policy's surfaces and the sets derived from them (which surfaces hold paths, which are the
 * cross-cutting path gates, which built-in file tools only read, the network surface), defined once for every package.
 * Never: decides anything; gates, grants and links read these names, a rule's meaning is in `compiled-policy.ts`.
 */

export const BASH_SURFACE = "bash";
export const MCP_SURFACE = "mcp";
export const SKILL_SURFACE = "skill";
/** The cross-cutting `path` gate: every path any tool touches. */
export const PATH_SURFACE = "path";
/** The cross-cutting `external_directory` gate: paths outside the working directory. */
export const EXTERNAL_DIRECTORY_SURFACE = "external_directory";
/** The cross-cutting `network` gate: every host a command or tool sends to (ADR 0058). */
export const NETWORK_SURFACE = "network";

/** The value a whole-tool decision is made on (a value, unlike `UNIVERSAL_SURFACE`, which is a surface). */
export const WHOLE_TOOL = "*";

/** Pi's built-in tools that only read files: their paths are never writes. */
export const READ_ONLY_FILE_TOOLS: ReadonlySet<string> = new Set(["read", "grep", "find", "ls"]);

/** The path-bearing built-in tools, each a surface of its own. */
export const FILE_TOOL_SURFACES: readonly string[] = ["read", "write", "edit", "grep", "find", "ls"];

/** The path-bearing built-in tools that write files (their surfaces are where write denies are written). */
export const WRITE_FILE_TOOLS: ReadonlySet<string> = new Set(
	FILE_TOOL_SURFACES.filter((tool) => !READ_ONLY_FILE_TOOLS.has(tool)),
);

/** The cross-cutting path gates, whose catch-all would grant every path or every outside directory. */
export const CROSS_CUTTING_PATH_SURFACES: ReadonlySet<string> = new Set([PATH_SURFACE, EXTERNAL_DIRECTORY_SURFACE]);

/** Surfaces whose values are file-system paths: on a win32 flavor they fold case and separators. */
export const PATH_SURFACES: ReadonlySet<string> = new Set([...CROSS_CUTTING_PATH_SURFACES, ...FILE_TOOL_SURFACES]);
