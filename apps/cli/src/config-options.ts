/**
 * Owns: the options every policy-reading command shares (`--cwd`, `--agent`, `--yolo`, `--mode`, `--global`, `--project`,
 * `--sandbox`) and
 * how they resolve against the host into a config load request, exactly as the adapter locates its files.
 * Never: reads files; `cli-engine.ts` and the config commands load through `ConfigLoader`.
 */
import { posix, win32 } from "node:path";
import {
	type ConfigLoadRequest,
	configLocations,
	type ManagedFileSystem,
	resolveAgentDir,
} from "@pi-permissions/engine";
import { isPermissionMode, type PathFlavorName, type PermissionMode } from "@pi-permissions/policy";
import type { CliHost } from "./cli-host";

/** The shared options as commander hands them over. */
export interface PolicyOptions {
	readonly cwd?: string;
	readonly agent?: string;
	readonly yolo?: boolean;
	/** `--mode <name>` (ADR 0054); commander checks it is a mode. */
	readonly mode?: string;
	readonly global?: string;
	readonly project?: string;
	/** `--managed FILE`: the managed policy to check with (ADR 0055), read under the same ownership law as Pi's. */
	readonly managed?: string;
	/** Configured MCP server names (`--mcp-server`, repeatable): they split native `mcp__server__tool` names. */
	readonly mcpServer?: readonly string[];
	/** `--sandbox on|off` (ADR 0059): decide as Pi does with the OS sandbox on or off; absent: as the config says. */
	readonly sandbox?: string;
}

/** Everything needed to load and compose the policy of one invocation. */
export interface PolicySetup {
	readonly cwd: string;
	readonly home: string;
	readonly agentDir: string;
	readonly flavor: PathFlavorName;
	/** The agent of calls that name none (`--agent`), `null` for the main session. */
	readonly defaultAgent: string | null;
	/** `true` forces yolo on; `undefined` leaves it to the config's `yoloMode`. */
	readonly yolo: true | undefined;
	/** The mode to decide in (`--mode`); `undefined` leaves it to the config's start mode. */
	readonly mode?: PermissionMode | undefined;
	readonly files: { readonly global?: string; readonly project?: string };
	/** The managed file (`--managed`, resolved) and the edge that reads it; absent: none. */
	readonly managed?: { readonly file: string; readonly fileSystem: ManagedFileSystem };
	readonly mcpServers: readonly string[];
	/** `--sandbox`: `on`/`off` override the config's `sandbox.mode`; absent: the config's (`auto` counted as on). */
	readonly sandbox?: "on" | "off" | undefined;
}

export function resolvePolicySetup(host: CliHost, options: PolicyOptions): PolicySetup {
	const path = host.flavor === "win32" ? win32 : posix;
	const cwd = options.cwd === undefined ? host.cwd : path.resolve(host.cwd, options.cwd);
	// Pi resolves a relative PI_CODING_AGENT_DIR against the directory it was started in, not against `--cwd`.
	const agentDir = resolveAgentDir({ env: host.env, home: host.home, cwd: host.cwd, flavor: host.flavor });
	const files: { global?: string; project?: string } = {};
	if (options.global !== undefined) files.global = path.resolve(host.cwd, options.global);
	if (options.project !== undefined) files.project = path.resolve(host.cwd, options.project);
	return {
		cwd,
		home: host.home,
		agentDir,
		flavor: host.flavor,
		defaultAgent: options.agent ?? null,
		yolo: options.yolo === true ? true : undefined,
		mode: isPermissionMode(options.mode) ? options.mode : undefined,
		files,
		...managedSetup(host, options, path.resolve),
		mcpServers: options.mcpServer ?? [],
		sandbox: options.sandbox === "on" || options.sandbox === "off" ? options.sandbox : undefined,
	};
}

/**
 * The managed file of an invocation: `--managed FILE`, else the system location Pi reads (ADR 0060), so a check
 * answers as Pi would on this machine; none when the host has no managed location.
 */
function managedSetup(
	host: CliHost,
	options: PolicyOptions,
	resolve: (...paths: string[]) => string,
): Pick<PolicySetup, "managed"> {
	const file = options.managed === undefined ? (host.managedPolicyFile ?? null) : resolve(host.cwd, options.managed);
	return file === null ? {} : { managed: { file, fileSystem: host.managedFileSystem ?? NO_FS } };
}

/** A host without the managed edge cannot check a managed file: it is refused, and every call asks (fail closed). */
const NO_FS: ManagedFileSystem = {
	lstat: () => Promise.reject(new Error("this host cannot read a managed file")),
	readFile: () => Promise.reject(new Error("this host cannot read a managed file")),
};

/** The loader request for one agent. The project scope is read: invoking the CLI is the operator's trust. */
export function loadRequest(setup: PolicySetup, agentName: string | null): ConfigLoadRequest {
	return {
		cwd: setup.cwd,
		agentDir: setup.agentDir,
		agentName,
		isProjectTrusted: () => true,
		files: setup.files,
	};
}

/** Where `init` writes: the global or the project config file (the explicit `--global`/`--project` file if given). */
export function initTarget(setup: PolicySetup, scope: "global" | "project"): string {
	const standard = configLocations({ cwd: setup.cwd, agentDir: setup.agentDir, agentName: null, flavor: setup.flavor });
	return setup.files[scope] ?? (standard[scope] as string);
}
