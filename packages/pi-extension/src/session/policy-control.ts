/**
 * Owns: the policy in force for one session's calls as the handlers and `/permissions` read and steer it: its config
 * and composed policy, the active agent, the session's yolo toggle, reloading (and the config check at each agent
 * start), and what the policy says about a tool or a skill (for hiding them from the model).
 * Never: composes or decides itself (`SessionPolicies` and the engine do); a change it makes reaches the gate's
 * runner, the persisted-grant attribution and the debug log here, nowhere else.
 */
import type { ConfigLoadResult, PermissionQuery } from "@pi-permissions/engine";
import { type ComposedPolicy, type PermissionMode, type PermissionState, SKILL_SURFACE } from "@pi-permissions/policy";
import type { PersistedGrantAccess } from "../grants/persisted-grant-access";
import type { SessionLogs } from "../logs/session-logs";
import type { SessionGate } from "./session-gate";
import type { SessionPolicies } from "./session-policies";

interface PolicyControlOptions {
	readonly policies: SessionPolicies;
	readonly query: PermissionQuery;
	/** Rebuilds its runner after a change. */
	readonly gate: SessionGate;
	/** Re-listed after a reload, so a decision is attributed to the grant written since; `null` without a grant edge. */
	readonly persisted: PersistedGrantAccess | null;
	readonly logs: SessionLogs;
}

export class PolicyControl {
	constructor(private readonly options: PolicyControlOptions) {}

	/** The config in force: each scope's outcome, its issues and notices. */
	get config(): ConfigLoadResult {
		return this.options.policies.current.config;
	}

	/** The composed policy in force. */
	get policy(): ComposedPolicy {
		return this.options.policies.current.policy;
	}

	/** What the launcher named that is no mode (`--permissions-mode yoloo`), for the start warnings; `null` when none. */
	get launcherModeWarning(): string | null {
		return this.options.policies.launcherModeWarning;
	}

	/** The active agent whose policy decides this session's calls; `null` for the main session (see `SessionPolicies`). */
	get agentName(): string | null {
		return this.options.policies.activeAgent;
	}

	/**
	 * Makes `agentName` the active agent: loads its `permission:` frontmatter over the config and recomposes (grants
	 * and the authority are kept). Nothing is loaded when its policy is in force; on a failed load the agent is still
	 * the active one (its calls block until its policy loads) and the error propagates.
	 */
	async useAgent(agentName: string | null): Promise<void> {
		if (await this.options.policies.useAgent(agentName)) this.options.gate.invalidate();
	}

	/**
	 * Loads the config again (a changed file or a newly trusted project applies from the next decision) and recomposes
	 * the policy. Session grants, the authority and the settings read at open are kept (ADR 0042). On a failed load the
	 * previous policy stays and the error propagates.
	 */
	async reload(): Promise<void> {
		try {
			await this.options.policies.reload();
		} catch (error) {
			this.options.logs.reloaded({ ok: false, error: error instanceof Error ? error.message : String(error) });
			throw error;
		}
		await this.reloaded();
	}

	/**
	 * The config check at each agent start: loads the config again (the loader re-reads only files whose size or
	 * modification time changed) and swaps the policy in only when a scope's outcome changed, so a grant another
	 * session wrote, or a hand edit, applies from the next turn without `/reload`. Grants and the settings read at open
	 * are kept (ADR 0042). On a failed load the policy in force stays and the error propagates.
	 */
	async refreshIfChanged(): Promise<boolean> {
		if (!(await this.options.policies.refreshIfChanged())) return false;
		await this.reloaded();
		return true;
	}

	/**
	 * Turns yolo on or off for this session (the flag and `PI_PERMISSIONS_YOLO=1` still win); applies at once. Returns
	 * why yolo was refused (`disableYolo`, allowedModes; nothing changed), `null` when the toggle took effect.
	 */
	useSessionYolo(on: boolean): string | null {
		const previous = this.policy.mode;
		const refusal = this.options.policies.useSessionYolo(on);
		const requested = on ? "yolo" : "yolo off";
		this.options.logs.modeChanged({ requested, mode: this.policy.mode, previous, by: "yolo-toggle", refusal });
		return refusal;
	}

	/**
	 * Switches the session's mode (ADR 0054) and records it; applies at once. Returns why a refused mode was refused
	 * (the session keeps its mode), `null` when it took effect.
	 */
	useSessionMode(mode: PermissionMode, by: "command" | "key"): string | null {
		const previous = this.policy.mode;
		const refusal = this.options.policies.useSessionMode(mode);
		this.options.logs.modeChanged({ requested: mode, mode: this.policy.mode, previous, by, refusal });
		return refusal;
	}

	/** Whether the launcher (flag or environment) forces yolo on, so the session toggle cannot turn it off. */
	get launcherYolo(): boolean {
		return this.options.policies.launcherYolo;
	}

	/** The tool's surface-level state, for exposure: fail-closed applies, yolo and session grants do not. */
	toolPermission(toolName: string): PermissionState {
		return this.options.query.getToolPermission(toolName);
	}

	/** The skill's state on the `skill` surface: `deny` hides it and refuses its invocation. */
	skillPermission(skillName: string): PermissionState {
		return this.options.query.checkPermission(SKILL_SURFACE, skillName).state;
	}

	private async reloaded(): Promise<void> {
		this.options.gate.invalidate();
		await this.options.persisted?.list();
		this.options.logs.reloaded({ ok: true, issues: this.options.policies.current.config.issues.length });
	}
}
