/**
 * Owns: the adapter's mode and yolo precedence over the engine's "load and compose the policy for agent X"
 * (`loadAgentPolicy`, shared with the CLI): a person's mode switch, then the launcher's mode (`--permissions-mode`,
 * `PI_PERMISSIONS_MODE`), then the launcher's yolo (`--permissions-yolo`, `PI_PERMISSIONS_YOLO=1`), then the session's
 * yolo toggle, then the config's `defaultMode` and `yoloMode` (ADR 0054).
 * Never: caches or decides; `SessionPolicies` holds the result and replaces it as a whole. Composition checks every
 * requested mode against `allowedModes` and `disableYolo`, so nothing here can enter a mode the config forbids.
 */
import {
	type AgentPolicy,
	type AgentPolicyComposition,
	type ConfigLoadResult,
	composeAgentPolicy,
	loadAgentPolicy,
	readManagedPolicy,
} from "@pi-permissions/engine";
import {
	isPermissionMode,
	type ManagedOutcome,
	PERMISSION_MODES,
	type PermissionMode,
	pathFlavorFor,
} from "@pi-permissions/policy";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

/**
 * The loaded config, what was found at the managed location (ADR 0060; absent: no location) and the policy composed
 * from both; replaced as a whole by a reload.
 */
export type LoadedPolicy = AgentPolicy & { readonly managed?: ManagedOutcome };

/** What this session asked for: the yolo toggle and the mode a person switched to (`null`: not asked). */
export interface SessionOverrides {
	readonly yolo: boolean | null;
	readonly mode: PermissionMode | null;
}

export async function loadPolicy(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	overrides: SessionOverrides,
	agentName: string | null,
): Promise<LoadedPolicy> {
	const request = { cwd: facts.cwd, agentDir: deps.agentDir, agentName, isProjectTrusted: facts.isProjectTrusted };
	const managed = await readManaged(deps);
	const loaded = await loadAgentPolicy(deps.loader, request, composition(deps, overrides, managed));
	return managed === undefined ? loaded : { ...loaded, managed };
}

/**
 * The system managed file under the ownership law (ADR 0060), read at every load so an administrator's change (or a
 * file made untrustworthy) is seen at the next agent start; `undefined` when the host has no managed location.
 */
export function readManaged(deps: PermissionSessionDeps): Promise<ManagedOutcome | undefined> {
	const source = deps.managed;
	return source === undefined ? Promise.resolve(undefined) : readManagedPolicy(source.fileSystem, source.file);
}

/** Composes an already loaded config under the session's overrides (see the precedence above). */
export function composeLoaded(
	deps: PermissionSessionDeps,
	config: ConfigLoadResult,
	overrides: SessionOverrides,
	agentName: string | null,
	managed: ManagedOutcome | undefined,
): LoadedPolicy {
	const loaded = composeAgentPolicy(config, agentName, composition(deps, overrides, managed));
	return managed === undefined ? loaded : { ...loaded, managed };
}

function composition(
	deps: PermissionSessionDeps,
	overrides: SessionOverrides,
	managed: ManagedOutcome | undefined,
): AgentPolicyComposition {
	return {
		env: { home: deps.host.home, flavor: pathFlavorFor(deps.host.flavor) },
		yolo: launcherYolo(deps) ? true : overrides.yolo,
		mode: overrides.mode ?? launcherMode(deps),
		...(managed === undefined ? {} : { managed }),
	};
}

/** The launcher's override: `PI_PERMISSIONS_YOLO=1` turns yolo on; anything else leaves it to the config. */
const YOLO_ENV = "PI_PERMISSIONS_YOLO";

/** The launcher's start mode, also how a parent hands its mode to the subagents it starts (ADR 0054). */
export const MODE_ENV = "PI_PERMISSIONS_MODE";

export function launcherYolo(deps: PermissionSessionDeps): boolean {
	return deps.host.env[YOLO_ENV]?.trim() === "1" || deps.yoloFlag?.() === true;
}

/**
 * The launcher's mode: `--permissions-mode <name>`, else `PI_PERMISSIONS_MODE`; `null` when neither names a mode (an
 * unknown name is not guessed at: the config's start mode applies, and `/permissions` shows the mode in force).
 */
export function launcherMode(deps: PermissionSessionDeps): PermissionMode | null {
	const flag = deps.modeFlag?.();
	if (flag !== undefined && flag !== null && flag.trim() !== "") return modeNamed(flag);
	const env = deps.host.env[MODE_ENV];
	return env === undefined ? null : modeNamed(env);
}

/**
 * What the launcher named that is no mode (`--permissions-mode yoloo`), said once at start: the config's start mode
 * applies instead, and a person who asked for a mode must not believe it is in force. `null` when nothing is wrong.
 */
export function launcherModeWarning(deps: PermissionSessionDeps): string | null {
	const flag = deps.modeFlag?.();
	const [source, text] =
		flag !== undefined && flag !== null && flag.trim() !== ""
			? ["--permissions-mode", flag]
			: [MODE_ENV, deps.host.env[MODE_ENV]];
	if (text === undefined || text.trim() === "" || modeNamed(text) !== null) return null;
	return `pi-permissions: ${source} names no mode ("${text.trim().slice(0, 40)}"); the config's start mode applies. Modes: ${PERMISSION_MODES.join(", ")}`;
}

function modeNamed(text: string): PermissionMode | null {
	const name = text.trim();
	return isPermissionMode(name) ? name : null;
}
