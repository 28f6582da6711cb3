/**
 * Owns: the environment Pi's built-in `bash` tool starts a command's `bash -c` with, as this extension can know it
 * when it decides the call (ADR 0039): the process environment, with `PATH` and the `PI_*` session variables set to
 * values it cannot know exactly, or unknown whenever something else may shape that shell.
 * Never: reads `process.*` or Pi itself (the composition root passes both in as functions), or decides anything.
 */
import { type ShellEnvironment, shellEnvironmentOf, UNKNOWN_SHELL_ENVIRONMENT } from "@pi-permissions/access-intent";
import type { PathFlavorName } from "@pi-permissions/policy";

/**
 * Set by Pi's bash tool per call (`exposeSessionEnvironment`), and `PATH`, which Pi prefixes with its own bin
 * directory: set, to values this extension does not know exactly.
 */
export const PI_SET_VARIABLES: readonly string[] = [
	"PATH",
	"PI_SESSION_ID",
	"PI_SESSION_FILE",
	"PI_PROVIDER",
	"PI_MODEL",
	"PI_REASONING_LEVEL",
];

/** What Pi says of its `bash` tool at decision time. */
export interface BashToolFacts {
	/** True when the `bash` tool Pi runs is its built-in one (no other extension's override, no spawn hook). */
	readonly builtin: boolean;
	/** Pi's `shellCommandPrefix` setting: code run before every command, in the same shell. */
	readonly commandPrefix: string | undefined;
	/** Pi's `shellPath` setting: a shell executable that may not be bash. */
	readonly shellPath: string | undefined;
	/** The host's path flavor, decided once by the composition root: on Windows Pi runs Git Bash or another shell. */
	readonly flavor: PathFlavorName;
}

/**
 * The environment of the next `bash` call: known only for Pi's built-in tool on a POSIX host with neither a command
 * prefix nor a custom shell; unknown otherwise, which is what every word was read under before ADR 0039.
 */
export function bashToolEnvironment(
	env: Readonly<Record<string, string | undefined>>,
	facts: BashToolFacts,
): ShellEnvironment {
	// SECURITY: another extension's `bash` (or a spawn hook) may run the command with any environment, a prefix may
	// assign or source anything first, and another shell expands words by its own rules.
	if (!facts.builtin || facts.flavor === "win32") return UNKNOWN_SHELL_ENVIRONMENT;
	if (nonEmpty(facts.commandPrefix) || nonEmpty(facts.shellPath)) return UNKNOWN_SHELL_ENVIRONMENT;
	return shellEnvironmentOf(env, PI_SET_VARIABLES);
}

function nonEmpty(value: string | undefined): boolean {
	return typeof value === "string" && value.trim() !== "";
}

/** The shape of Pi's tool list entries this module reads (`pi.getAllTools()`). */
interface ToolSource {
	readonly name: string;
	readonly sourceInfo?: { readonly source?: string };
}

/** Whether the `bash` tool Pi offers is its built-in one (`sourceInfo.source === "builtin"`). */
export function builtinBashTool(tools: readonly ToolSource[]): boolean {
	const bash = tools.find((tool) => tool.name === "bash");
	return bash?.sourceInfo?.source === "builtin";
}
