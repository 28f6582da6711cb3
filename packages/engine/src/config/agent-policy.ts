/**
 * Owns: "load and compose the policy for agent X", shared by the adapter and the CLI: one `ConfigLoader` load for an
 * agent (or the main session, `null`) composed with `composePolicy` under the caller's mode and yolo overrides.
 * Never: caches (the loader keeps unchanged files; callers keep the result) or chooses the yolo precedence (the
 * adapter ranks launcher, session toggle and `yoloMode`; the CLI has `--yolo`): it takes the override as given.
 */
import {
	type ComposedPolicy,
	composePolicy,
	type ManagedOutcome,
	type PermissionMode,
	type PolicyEnvironment,
} from "@pi-permissions/policy";
import type { ConfigLoader, ConfigLoadRequest, ConfigLoadResult } from "./config-loader";

/** One agent's loaded config and the policy composed from it; replaced as a whole, never edited. */
export interface AgentPolicy {
	readonly config: ConfigLoadResult;
	readonly policy: ComposedPolicy;
	/** The agent whose `permission:` frontmatter was loaded; `null` for the main session. */
	readonly agentName: string | null;
}

export interface AgentPolicyComposition {
	readonly env: PolicyEnvironment;
	/** Overrides the merged `yoloMode`; `null` or absent leaves it to the config. */
	readonly yolo?: boolean | null;
	/** The mode asked for (a switch, a launcher, `--mode`; ADR 0054); wins over `yolo`. `null`/absent: the start mode. */
	readonly mode?: PermissionMode | null;
	/** What was found at the managed location (ADR 0055, `readManagedPolicy`); absent: no managed scope. */
	readonly managed?: ManagedOutcome;
}

/** Loads every scope of `request.agentName` and composes them. Rejects only when the loader does. */
export async function loadAgentPolicy(
	loader: Pick<ConfigLoader, "load">,
	request: ConfigLoadRequest,
	composition: AgentPolicyComposition,
): Promise<AgentPolicy> {
	return composeAgentPolicy(await loader.load(request), request.agentName, composition);
}

/** Composes an already loaded config (a config check that found a change, a yolo toggle over the same files). */
export function composeAgentPolicy(
	config: ConfigLoadResult,
	agentName: string | null,
	composition: AgentPolicyComposition,
): AgentPolicy {
	const { env, yolo, mode, managed } = composition;
	const policy = composePolicy({
		scopes: config.scopes,
		env,
		...(yolo === null || yolo === undefined ? {} : { yolo }),
		...(mode === null || mode === undefined ? {} : { mode }),
		...(managed === undefined ? {} : { managed }),
	});
	return { config, policy, agentName };
}
