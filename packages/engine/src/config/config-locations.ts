/**
 * Owns: where each config scope lives on disk (`agentDir` from the environment record, the four scope files) and
 * which agent names may name a file. Never: reads `process.env`, the home directory or the disk; callers pass values in.
 */
import { posix, win32 } from "node:path";
import type { PathFlavorName, ScopeName } from "@pi-permissions/policy";

/** The environment variable Pi reads for its agent directory. */
const AGENT_DIR_ENV = "PI_CODING_AGENT_DIR";

/** The folder, under the agent dir and under `<cwd>/.pi`, that holds this extension's files. */
const EXTENSION_FOLDER = "pi-permissions";

interface AgentDirInput {
	/** The process environment as a plain record (the composition root passes `process.env`). */
	readonly env: Readonly<Record<string, string | undefined>>;
	/** The user's home directory. */
	readonly home: string;
	/** Resolves a relative `PI_CODING_AGENT_DIR`, as Pi does against the directory it was started in. */
	readonly cwd: string;
	readonly flavor: PathFlavorName;
}

/**
 * Pi's agent directory: `PI_CODING_AGENT_DIR` when it is set and non-empty (a leading `~` is the home directory, a
 * relative path is taken from `cwd`), otherwise `<home>/.pi/agent`.
 */
export function resolveAgentDir(input: AgentDirInput): string {
	const path = pathApi(input.flavor);
	const configured = input.env[AGENT_DIR_ENV];
	if (configured === undefined || configured.trim() === "") return path.join(input.home, ".pi", "agent");
	if (configured === "~") return input.home;
	if (configured.startsWith("~/") || (input.flavor === "win32" && configured.startsWith("~\\"))) {
		return path.join(input.home, configured.slice(2));
	}
	return path.resolve(input.cwd, configured);
}

interface LocationInput {
	readonly cwd: string;
	readonly agentDir: string;
	/** The active agent, or `null` when the session runs no named agent. */
	readonly agentName: string | null;
	readonly flavor: PathFlavorName;
}

/** Where each scope is looked for; `null` when the scope has no file (no active agent). */
export type ConfigLocations = Readonly<Record<ScopeName, string | null>>;

/** The standard file of every scope, in precedence order (global, project, agent, project-agent). */
export function configLocations(input: LocationInput): ConfigLocations {
	const path = pathApi(input.flavor);
	const projectPi = path.join(input.cwd, ".pi");
	const agentFile = input.agentName === null ? null : `${input.agentName}.md`;
	return {
		global: path.join(input.agentDir, "extensions", EXTENSION_FOLDER, "config.json"),
		project: path.join(projectPi, "extensions", EXTENSION_FOLDER, "config.json"),
		agent: agentFile === null ? null : path.join(input.agentDir, "agents", agentFile),
		"project-agent": agentFile === null ? null : path.join(projectPi, "agents", agentFile),
	};
}

/** The directory that holds the agent definitions of a scope (used to name the place of an agent-name issue). */
export function agentsDirectory(scope: "agent" | "project-agent", input: Omit<LocationInput, "agentName">): string {
	const path = pathApi(input.flavor);
	return scope === "agent" ? path.join(input.agentDir, "agents") : path.join(input.cwd, ".pi", "agents");
}

const MAX_AGENT_NAME_LENGTH = 200;

/**
 * Whether `name` can name one file in an agents directory: non-empty, bounded, no path separators or `:`, no
 * `.`/`..`, no control characters.
 * SECURITY: the name comes from the session (a system-prompt tag); `../../x` must never read a file outside the
 * agents directory, so such a name fails closed instead of being resolved.
 */
export function isSafeAgentName(name: string): boolean {
	if (name.length === 0 || name.length > MAX_AGENT_NAME_LENGTH) return false;
	if (name === "." || name === "..") return false;
	for (const char of name) {
		const code = char.codePointAt(0) ?? 0;
		// `:` would name a drive or an alternate data stream on win32.
		if (char === "/" || char === "\\" || char === ":" || code < 0x20 || code === 0x7f) return false;
	}
	return true;
}

/** Node's path functions for each flavor: a table keyed by the flavor union, so a new flavor cannot be left out. */
const PATH_APIS: Readonly<Record<PathFlavorName, typeof posix>> = { posix, win32 };

function pathApi(flavor: PathFlavorName): typeof posix {
	const api = Object.hasOwn(PATH_APIS, flavor) ? PATH_APIS[flavor] : undefined;
	// A flavor read from outside the type system (a host's platform string) fails loudly, never as posix by default.
	if (api === undefined) throw new Error(`unhandled path flavor ${String(flavor)}`);
	return api;
}
