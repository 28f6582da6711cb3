/**
 * Owns: the adapter's yolo precedence over the engine's "load and compose the policy for agent X"
 * (`loadAgentPolicy`, shared with the CLI): the launcher (`--permissions-yolo`, `PI_PERMISSIONS_YOLO=1`), then the
 * session toggle, then the config's `yoloMode`.
 * Never: caches or decides; `SessionPolicies` holds the result and replaces it as a whole.
 */
import {
	type AgentPolicy,
	type AgentPolicyComposition,
	type ConfigLoadResult,
	composeAgentPolicy,
	loadAgentPolicy,
} from "@pi-permissions/engine";
import { pathFlavorFor } from "@pi-permissions/policy";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

/** The loaded config and the policy composed from it; replaced as a whole by a reload. */
export type LoadedPolicy = AgentPolicy;

export function loadPolicy(
	deps: PermissionSessionDeps,
	facts: SessionFacts,
	sessionYolo: boolean | null,
	agentName: string | null,
): Promise<LoadedPolicy> {
	const request = { cwd: facts.cwd, agentDir: deps.agentDir, agentName, isProjectTrusted: facts.isProjectTrusted };
	return loadAgentPolicy(deps.loader, request, composition(deps, sessionYolo));
}

/** Precedence: the flag or the environment override, then the session toggle, then the config's `yoloMode`. */
export function composeLoaded(
	deps: PermissionSessionDeps,
	config: ConfigLoadResult,
	sessionYolo: boolean | null,
	agentName: string | null,
): LoadedPolicy {
	return composeAgentPolicy(config, agentName, composition(deps, sessionYolo));
}

function composition(deps: PermissionSessionDeps, sessionYolo: boolean | null): AgentPolicyComposition {
	return {
		env: { home: deps.host.home, flavor: pathFlavorFor(deps.host.flavor) },
		yolo: launcherYolo(deps) ? true : sessionYolo,
	};
}

/** The launcher's override: `PI_PERMISSIONS_YOLO=1` turns yolo on; anything else leaves it to the config. */
const YOLO_ENV = "PI_PERMISSIONS_YOLO";

export function launcherYolo(deps: PermissionSessionDeps): boolean {
	return deps.host.env[YOLO_ENV]?.trim() === "1" || deps.yoloFlag?.() === true;
}
