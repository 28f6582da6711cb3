/**
 * Owns: loading a session's config (for the main session or a named agent) and composing it with the yolo precedence:
 * the launcher (`--permissions-yolo`, `PI_PERMISSIONS_YOLO=1`), then the session toggle, then the config's `yoloMode`.
 * Never: caches or decides; the session holds the result and replaces it as a whole.
 */
import type { ConfigLoadResult } from "@pi-permissions/engine";
import { type ComposedPolicy, composePolicy, pathFlavorFor } from "@pi-permissions/policy";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

/** The loaded config and the policy composed from it; replaced as a whole by a reload. */
export interface LoadedPolicy {
	readonly config: ConfigLoadResult;
	readonly policy: ComposedPolicy;
	/** The agent whose `permission:` frontmatter was loaded; `null` for the main session. */
	readonly agentName: string | null;
}

export async function loadPolicy(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	sessionYolo: boolean | null,
	agentName: string | null,
): Promise<LoadedPolicy> {
	const config = await deps.loader.load({
		cwd: facts.cwd,
		agentDir: deps.agentDir,
		agentName,
		isProjectTrusted: facts.isProjectTrusted,
	});
	return composeLoaded(deps, config, sessionYolo, agentName);
}

/** Precedence: the flag or the environment override, then the session toggle, then the config's `yoloMode`. */
export function composeLoaded(
	deps: PermissionSessionDeps,
	config: ConfigLoadResult,
	sessionYolo: boolean | null,
	agentName: string | null,
): LoadedPolicy {
	const yolo = launcherYolo(deps) ? true : sessionYolo;
	const policy = composePolicy({
		scopes: config.scopes,
		env: { home: deps.host.home, flavor: pathFlavorFor(deps.host.flavor) },
		...(yolo === null ? {} : { yolo }),
	});
	return { config, policy, agentName };
}

/** The launcher's override: `PI_PERMISSIONS_YOLO=1` turns yolo on; anything else leaves it to the config. */
export const YOLO_ENV = "PI_PERMISSIONS_YOLO";

export function launcherYolo(deps: PermissionSessionDeps): boolean {
	return deps.host.env[YOLO_ENV]?.trim() === "1" || deps.yoloFlag?.() === true;
}
