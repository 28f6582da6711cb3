/**
 * Owns: a session's active agent (the one place it lives: the tool call, the runner and the query read it here) and
 * the one `PolicyProvider` that resolves any agent's policy: the active agent's (loaded at open, reloaded, re-checked
 * at each agent start, recomposed under the session's yolo toggle) and other agents' (loaded on demand for their
 * forwarded asks, see `AgentPolicies`).
 * Never: decides, or lets a call be judged under another agent's policy: while the active agent's policy is not
 * loaded, `ensureActive` rejects and the caller blocks the call.
 */
import type { PolicyProvider } from "@pi-permissions/engine";
import type { ComposedPolicy, ManagedOutcome, PermissionMode } from "@pi-permissions/policy";
import { AgentPolicies } from "../agent/agent-policies";
import {
	composeLoaded,
	type LoadedPolicy,
	launcherMode,
	launcherModeWarning,
	launcherYolo,
	loadPolicy,
	MODE_ENV,
	readManaged,
	type SessionOverrides,
} from "./loaded-policy";
import { sameOutcomes } from "./same-outcomes";
import type { PermissionSessionDeps, SessionFacts } from "./session-facts";

export class SessionPolicies implements PolicyProvider {
	/** The policy in force for this session's own calls; its `agentName` differs from `active` only while that loads. */
	private loaded: LoadedPolicy;
	/** The agent whose policy decides this session's calls; `null` for the main session. */
	private active: string | null;
	/** This session's yolo toggle (`/permissions yolo on|off`); `null` leaves yolo to the config. */
	private sessionYolo: boolean | null = null;
	/** The mode a person switched to (`/permissions mode`, the mode key; ADR 0054); `null` leaves it to the launcher. */
	private sessionMode: PermissionMode | null = null;
	private readonly others: AgentPolicies<LoadedPolicy>;

	private constructor(
		private readonly deps: PermissionSessionDeps,
		private readonly facts: SessionFacts,
		loaded: LoadedPolicy,
	) {
		this.loaded = loaded;
		this.active = loaded.agentName;
		// Another agent's policy (a child's forwarded ask) is composed in this session's mode, as the child runs in it.
		this.others = new AgentPolicies((agentName, yolo) =>
			loadPolicy(deps, facts, { yolo, mode: this.sessionMode }, agentName),
		);
	}

	/** Loads the policy of the agent the session entries name (the main session's when none). Rejects on a failed load. */
	static async open(deps: PermissionSessionDeps, facts: SessionFacts): Promise<SessionPolicies> {
		const overrides: SessionOverrides = { yolo: null, mode: null };
		return new SessionPolicies(deps, facts, await loadPolicy(deps, facts, overrides, facts.agentName ?? null));
	}

	/** The config and policy in force for this session's own calls. */
	get current(): LoadedPolicy {
		return this.loaded;
	}

	/** The active agent whose policy decides this session's calls; `null` for the main session. */
	get activeAgent(): string | null {
		return this.active;
	}

	/**
	 * The policy of `agentName`: `null` and the agent in force get this session's own; any other agent's, for a
	 * child's forwarded ask, is loaded on first use (this throws while it loads; the ask then goes to a human).
	 */
	policyFor(agentName: string | null): ComposedPolicy {
		return agentName === null || agentName === this.loaded.agentName
			? this.loaded.policy
			: this.others.get(agentName).policy;
	}

	/** Loads a requester agent's policy before its forwarded ask is decided. Never rejects. */
	prepare(agentName: string | null): Promise<void> {
		return agentName === null || agentName === this.loaded.agentName
			? Promise.resolve()
			: this.others.ensure(agentName);
	}

	/**
	 * Makes `agentName` the active agent and loads its `permission:` frontmatter over the config. The agent is active
	 * even when its policy fails to load (the error propagates): every call then blocks until it loads.
	 */
	async useAgent(agentName: string | null): Promise<boolean> {
		this.active = agentName;
		return this.ensureActive();
	}

	/** Loads the active agent's policy unless it is in force; true when the policy changed. Rejects on a failed load. */
	async ensureActive(): Promise<boolean> {
		const agentName = this.active;
		if (this.loaded.agentName === agentName) return false;
		const loaded = await loadPolicy(this.deps, this.facts, this.overrides, agentName);
		// A later switch may have landed while this one loaded; the active agent's policy wins.
		if (this.active !== agentName) return false;
		this.loaded = loaded;
		return true;
	}

	/** Loads the active agent's config again and recomposes; other agents' load afresh. Rejects on a failed load. */
	async reload(): Promise<void> {
		this.loaded = await loadPolicy(this.deps, this.facts, this.overrides, this.active);
		this.others.clear();
	}

	/**
	 * The config check at each agent start: loads the config again (the loader re-reads only files whose size or
	 * modification time changed) and swaps the policy in only when a scope's outcome changed; true when it did.
	 */
	async refreshIfChanged(): Promise<boolean> {
		const current = this.loaded;
		const config = await this.deps.loader.load({
			cwd: this.facts.cwd,
			agentDir: this.deps.agentDir,
			agentName: current.agentName,
			isProjectTrusted: this.facts.isProjectTrusted,
		});
		// ADR 0060: the managed file is re-read too; a change to it (or to its ownership) recomposes at once.
		const managed = await readManaged(this.deps);
		if (sameOutcomes(config.scopes, current.config.scopes) && sameManaged(managed, current.managed)) return false;
		this.loaded = composeLoaded(this.deps, config, this.overrides, current.agentName, managed);
		this.others.clear();
		return true;
	}

	/**
	 * Turns the session's yolo toggle on or off; applies at once (the launcher's override still wins). Returns why yolo
	 * was refused (nothing changed), `null` when the toggle took effect.
	 */
	useSessionYolo(on: boolean): string | null {
		// The toggle is a mode switch to or from yolo: an earlier switch to another mode gives way to it.
		const next = composeLoaded(
			this.deps,
			this.loaded.config,
			{ yolo: on, mode: null },
			this.loaded.agentName,
			this.loaded.managed,
		);
		// SECURITY: yolo refused (`disableYolo`, allowedModes) changes nothing: the session keeps the mode it was in.
		if (on && next.policy.mode !== "yolo") return next.policy.modes.refusal ?? "yolo is not allowed here";
		this.sessionYolo = on;
		this.sessionMode = null;
		this.loaded = next;
		this.others.useSessionYolo(on);
		return null;
	}

	/**
	 * Switches this session to `mode` (ADR 0054); applies at once. Composition checks it against `allowedModes`,
	 * `disableYolo` and the authorizer chain: a mode it refuses changes nothing (the session stays in the mode it was
	 * in, never falling back to a wider one) and its reason is returned; `null` when the switch took effect.
	 */
	useSessionMode(mode: PermissionMode): string | null {
		const next = composeLoaded(
			this.deps,
			this.loaded.config,
			{ yolo: null, mode },
			this.loaded.agentName,
			this.loaded.managed,
		);
		// SECURITY: a refused switch out of plan must not land in `default`: the session keeps its mode.
		if (next.policy.mode !== mode) return next.policy.modes.refusal ?? `mode \`${mode}\` is not allowed here`;
		this.sessionMode = mode;
		this.sessionYolo = null;
		this.loaded = next;
		this.others.useSessionYolo(null);
		// A subagent this session starts from now on starts in this mode (its own config may still narrow it).
		this.deps.host.setEnv?.(MODE_ENV, mode);
		return null;
	}

	/** The launcher's mode (`--permissions-mode`, `PI_PERMISSIONS_MODE`); `null` when none names a mode. */
	get launcherMode(): PermissionMode | null {
		return launcherMode(this.deps);
	}

	/** What the launcher named that is no mode, for the start warnings; `null` when nothing is wrong. */
	get launcherModeWarning(): string | null {
		return launcherModeWarning(this.deps);
	}

	private get overrides(): SessionOverrides {
		return { yolo: this.sessionYolo, mode: this.sessionMode };
	}

	/** Whether the launcher (flag or environment) forces yolo on, so the session toggle cannot turn it off. */
	get launcherYolo(): boolean {
		return launcherYolo(this.deps);
	}
}

/** Whether two reads of the managed location found the same thing (status, bytes and the refusal's wording). */
function sameManaged(a: ManagedOutcome | undefined, b: ManagedOutcome | undefined): boolean {
	if (a === undefined || b === undefined) return a === b;
	if (a.status !== b.status || a.file !== b.file) return false;
	const hashOf = (outcome: ManagedOutcome) => ("sha256" in outcome ? outcome.sha256 : null);
	const problemOf = (outcome: ManagedOutcome) => ("problem" in outcome ? outcome.problem : null);
	return hashOf(a) === hashOf(b) && problemOf(a) === problemOf(b);
}
