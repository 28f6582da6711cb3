/**
 * Owns: `ToolKind` and `classifyTool()`, the single dispatch on a tool name deciding what a call accesses: a bash
 * command (`bash` or a configured shell alias), MCP targets, a skill, a path-bearing built-in, or an extension tool.
 * Never: looks at the input or decides an action; path extraction is `tool-input-path.ts`.
 */
import { MCP_RESOURCE_TOOLS, type McpToolForm } from "./mcp/mcp-targets";

/** A configured tool that runs shell commands like `bash` (config `shellTools`). */
export interface ShellToolAlias {
	/** Input key holding the command text. */
	readonly commandArgument: string;
	/** Input key holding the working directory, when the tool has one. */
	readonly workdirArgument?: string;
}

type PathBuiltinName = "read" | "write" | "edit" | "grep" | "find" | "ls";

/** Pi's path-bearing built-ins; `writes` marks the ones that change files. */
const PATH_BUILTINS: Readonly<Record<PathBuiltinName, { readonly writes: boolean }>> = Object.freeze({
	read: { writes: false },
	write: { writes: true },
	edit: { writes: true },
	grep: { writes: false },
	find: { writes: false },
	ls: { writes: false },
});

export type ToolKind =
	| {
			readonly kind: "bash";
			readonly toolName: string;
			readonly commandArgument: string;
			readonly workdirArgument: string | null;
			/** True for a configured alias rather than Pi's own `bash`. */
			readonly alias: boolean;
	  }
	| { readonly kind: "mcp"; readonly toolName: string; readonly form: McpToolForm }
	| { readonly kind: "skill"; readonly toolName: string }
	| { readonly kind: "path-builtin"; readonly toolName: PathBuiltinName; readonly writes: boolean }
	| { readonly kind: "extension"; readonly toolName: string };

export interface ClassifyOptions {
	/** Configured shell aliases by tool name. */
	readonly shellTools: Readonly<Record<string, ShellToolAlias>>;
}

function isPathBuiltin(name: string): name is PathBuiltinName {
	return Object.hasOwn(PATH_BUILTINS, name);
}

/** Decides a tool's kind once; `bash` always runs `command`, a configured alias can never rename a built-in away. */
export function classifyTool(toolName: string, options: ClassifyOptions): ToolKind {
	if (toolName === "bash") {
		return { kind: "bash", toolName, commandArgument: "command", workdirArgument: null, alias: false };
	}
	if (isPathBuiltin(toolName)) return { kind: "path-builtin", toolName, writes: PATH_BUILTINS[toolName].writes };
	if (toolName === "mcp") return { kind: "mcp", toolName, form: "proxy" };
	if (toolName.startsWith("mcp__")) return { kind: "mcp", toolName, form: "native" };
	if (MCP_RESOURCE_TOOLS.includes(toolName)) return { kind: "mcp", toolName, form: "resource" };
	if (toolName === "skill") return { kind: "skill", toolName };
	// SECURITY: own-property lookup, so a tool named `constructor` or `__proto__` is not mistaken for an alias.
	const alias = Object.hasOwn(options.shellTools, toolName) ? options.shellTools[toolName] : undefined;
	if (alias !== undefined) {
		return {
			kind: "bash",
			toolName,
			commandArgument: alias.commandArgument,
			workdirArgument: alias.workdirArgument ?? null,
			alias: true,
		};
	}
	return { kind: "extension", toolName };
}
