/**
 * Owns: composing one Pi session's permission objects: the loaded config and composed policy (reloadable, per active
 * agent; other agents' loaded on demand for forwarded asks), the session rule store, the path normalizer, the policy
 * query, the session's authority (terminal chosen once), its logs and decision counters (summary written at close),
 * and its gate runner (see `session/session-runner.ts`).
 * Never: reads `process.*` or Pi's context directly (the handlers pass plain facts), and holds no policy logic.
 */
import { type BashParser, PathNormalizer } from "@pi-permissions/access-intent";
import type { SessionAuthority } from "@pi-permissions/authority";
import {
	type ActiveSkill,
	type ConfigLoadResult,
	type GateRunner,
	type GrantWriteError,
	PermissionQuery,
	type PersistedGrant,
	type RunVerdict,
	SKILL_SURFACE,
	type SkillInvocation,
	type ToolCall,
} from "@pi-permissions/engine";
import {
	type ComposedPolicy,
	err,
	type PermissionState,
	pathFlavorFor,
	type Result,
	type SessionGrant,
	SessionRuleStore,
} from "@pi-permissions/policy";
import { AgentPolicies } from "./agent/agent-policies";
import { decisionFanOut } from "./decision-fan-out";
import type { PersistedGrantAccess } from "./grants/persisted-grant-access";
import { sessionGrantParts } from "./grants/session-grant-parts";
import { SessionLogs } from "./logs/session-logs";
import { createPermissionsService } from "./service/create-permissions-service";
import { serviceRegistry } from "./service/service-registry";
import { SessionExtensions } from "./service/session-extensions";
import { composeLoaded, type LoadedPolicy, launcherYolo, loadPolicy } from "./session/loaded-policy";
import { sameOutcomes } from "./session/same-outcomes";
import { createSessionAuthority } from "./session/session-authority-factory";
import type { PermissionSessionDeps, SessionFacts } from "./session/session-facts";
import { SessionRunner } from "./session/session-runner";

export type { PermissionSessionDeps, SessionEdges, SessionFacts } from "./session/session-facts";

export class PermissionSession {
	private unpublish: (() => void) | null = null;
	private activeSkills: readonly ActiveSkill[] = [];
	/** This session's yolo toggle (`/permissions yolo on|off`); `null` leaves yolo to the config. */
	private sessionYolo: boolean | null = null;

	private constructor(
		private readonly loaded: { current: LoadedPolicy },
		private readonly deps: PermissionSessionDeps,
		readonly query: PermissionQuery,
		private readonly store: SessionRuleStore,
		readonly _normalizer: PathNormalizer,
		private readonly authority: SessionAuthority,
		private readonly facts: SessionFacts,
		private readonly parser: { current: BashParser | null },
		private readonly runners: SessionRunner,
		private readonly extensions: SessionExtensions,
		private readonly globalHost: object,
		private readonly logs: SessionLogs,
		private readonly agents: AgentPolicies<LoadedPolicy>,
		private readonly persisted: PersistedGrantAccess | null,
	) {}

	/** Loads the config and composes the session; starts nothing. */
	static async open(deps: PermissionSessionDeps, facts: SessionFacts): Promise<PermissionSession> {
		const { host, agentDir, edges } = deps;
		const loaded = { current: await loadPolicy(deps, facts, null, facts.agentName ?? null) };
		const { policy } = loaded.current;
		const flavor = pathFlavorFor(host.flavor);
		const agents = new AgentPolicies((agentName, yolo) => loadPolicy(deps, facts, yolo, agentName));
		// `null` is this session's own (active) policy; another agent's, for a child's forwarded ask, loads on first use.
		const policies = {
			policyFor: (agentName: string | null) =>
				agentName === null || agentName === loaded.current.agentName
					? loaded.current.policy
					: agents.get(agentName).policy,
		};
		const store = new SessionRuleStore();
		const normalizer = PathNormalizer.create({
			cwd: facts.cwd,
			home: host.home,
			flavor,
			probe: edges.probe(),
		});
		const parser: { current: BashParser | null } = { current: null };
		const query = new PermissionQuery({ policies, sessionRules: store, normalizer, parser: () => parser.current });
		const settings = policy.settings;
		const extensions = new SessionExtensions();
		const logs = SessionLogs.open({
			agentDir,
			sessionId: facts.sessionId,
			settings,
			now: edges.now,
			atExit: edges.atExit,
		});
		let opened: PermissionSession | null = null;
		const grants = await sessionGrantParts(deps, facts, {
			scopes: () => loaded.current.config.scopes,
			reload: async () => {
				await opened?.reload();
			},
		});
		const { persisted } = grants;
		const authority = createSessionAuthority(deps, facts, {
			query,
			store,
			extensions,
			logs,
			settings,
			agentName: loaded.current.agentName,
			always: grants.always,
			...(grants.persistServingGrant === undefined ? {} : { persistServingGrant: grants.persistServingGrant }),
		});
		const runners = new SessionRunner({
			policies: { policyFor: () => loaded.current.policy },
			store,
			parser,
			normalizer,
			extensions,
			authority,
			sink: ((fanOut) => (persisted === null ? fanOut : persisted.attributing(fanOut)))(
				decisionFanOut([deps.sink, ...logs.sinks]),
			),
			ids: edges.ids,
			sessionId: facts.sessionId,
			agentDir: deps.agentDir,
			...(grants.persistGrant === undefined ? {} : { persistGrant: grants.persistGrant }),
		});
		opened = new PermissionSession(
			loaded,
			deps,
			query,
			store,
			normalizer,
			authority,
			facts,
			parser,
			runners,
			extensions,
			edges.globalHost,
			logs,
			agents,
			persisted,
		);
		return opened;
	}

	get config(): ConfigLoadResult {
		return this.loaded.current.config;
	}

	get policy(): ComposedPolicy {
		return this.loaded.current.policy;
	}

	/**
	 * Loads the config again (a changed file or a newly trusted project applies from the next decision) and recomposes
	 * the policy. Session grants, the authority and the settings read at open are kept. On a failed load the previous
	 * policy stays and the error propagates.
	 */
	async reload(): Promise<void> {
		try {
			this.loaded.current = await loadPolicy(this.deps, this.facts, this.sessionYolo, this.agentName);
			this.agents.clear();
		} catch (error) {
			this.logs.reloaded({ ok: false, error: error instanceof Error ? error.message : String(error) });
			throw error;
		}
		this.runners.invalidate();
		await this.persisted?.list();
		this.logs.reloaded({ ok: true, issues: this.loaded.current.config.issues.length });
	}

	/**
	 * The config check at each agent start: loads the config again (the loader re-reads only files whose size or
	 * modification time changed) and swaps the policy in only when a scope's outcome changed, so a grant another
	 * session wrote, or a hand edit, applies from the next turn without `/reload`. Grants and settings are kept.
	 * On a failed load the policy in force stays and the error propagates.
	 */
	async refreshIfChanged(): Promise<boolean> {
		const current = this.loaded.current;
		const config = await this.deps.loader.load({
			cwd: this.facts.cwd,
			agentDir: this.deps.agentDir,
			agentName: current.agentName,
			isProjectTrusted: this.facts.isProjectTrusted,
		});
		if (sameOutcomes(config.scopes, current.config.scopes)) return false;
		this.loaded.current = composeLoaded(this.deps, config, this.sessionYolo, current.agentName);
		this.agents.clear();
		this.runners.invalidate();
		await this.persisted?.list();
		this.logs.reloaded({ ok: true, issues: config.issues.length });
		return true;
	}

	/** The persisted ("always") grants of the project and global files, re-read now; none without a grant edge. */
	persistedGrants(): Promise<readonly PersistedGrant[]> {
		return this.persisted === null ? Promise.resolve([]) : this.persisted.list();
	}

	/** Removes a persisted grant by id with a JSONC edit and reloads, so the next matching call asks again. */
	async forgetPersistedGrant(id: string): Promise<Result<PersistedGrant, GrantWriteError>> {
		if (this.persisted === null) return err({ kind: "unknown-grant", file: "-", id });
		const result = await this.persisted.forget(id);
		if (result.ok) await this.reload();
		return result;
	}

	/** The active agent whose policy decides this session's calls; `null` for the main session. */
	get agentName(): string | null {
		return this.loaded.current.agentName;
	}

	/**
	 * Makes `agentName` the active agent: loads its `permission:` frontmatter over the config and recomposes (grants
	 * and the authority are kept). Nothing happens when it is already active; on a failed load the error propagates.
	 */
	async useAgent(agentName: string | null): Promise<void> {
		if (agentName === this.agentName) return;
		this.loaded.current = await loadPolicy(this.deps, this.facts, this.sessionYolo, agentName);
		this.runners.invalidate();
	}

	/** Starts serving subagents' forwarded asks (a root session with UI only; otherwise nothing). Never rejects. */
	async startServing(): Promise<void> {
		try {
			await this.authority.start();
		} catch {
			// A session that cannot serve leaves its children's asks unanswered; they report unavailable.
		}
	}

	/** Whether this session serves subagents' forwarded asks. */
	get serves(): boolean {
		return this.authority.serves;
	}

	/** Turns yolo on or off for this session (the flag and `PI_PERMISSIONS_YOLO=1` still win); applies at once. */
	setSessionYolo(on: boolean): void {
		this.sessionYolo = on;
		this.loaded.current = composeLoaded(this.deps, this.loaded.current.config, on, this.agentName);
		this.agents.useSessionYolo(on);
	}

	/** Whether the launcher (flag or environment) forces yolo on, so the session toggle cannot turn it off. */
	get launcherYolo(): boolean {
		return launcherYolo(this.deps);
	}

	/** This session's "for this session" grants, in grant order. */
	grants(): readonly SessionGrant[] {
		return this.store.list();
	}

	/** Revokes one grant by id; false when no grant has that id. The next matching call decides afresh. */
	revokeGrant(id: string): boolean {
		return this.store.revoke(id);
	}

	/** The skill's state on the `skill` surface: `deny` hides it and refuses its invocation. */
	skillPermission(skillName: string): PermissionState {
		return this.query.checkPermission(SKILL_SURFACE, skillName).state;
	}

	/** The skills Pi has loaded (name and directory), which the skill-read gate guards. */
	useActiveSkills(skills: readonly ActiveSkill[]): void {
		// The same skills keep the same array, so the runner built over them is kept.
		if (sameSkills(skills, this.activeSkills)) return;
		this.activeSkills = skills;
	}

	/** Decides and resolves a `/skill:` invocation. Rejects only before a warm parser (a gate error). */
	async runSkillInput(invocation: SkillInvocation, availableTools: readonly string[]): Promise<RunVerdict> {
		const runner = this.runnerFor(availableTools);
		this.logs.counters.callStarted();
		return runner.runSkillInput(invocation);
	}

	/** The tool's surface-level state, for exposure: fail-closed applies, yolo and session grants do not. */
	toolPermission(toolName: string): PermissionState {
		return this.query.getToolPermission(toolName);
	}

	/** Hands the warm parser to the session (bash queries and the pipeline need it). */
	useParser(parser: BashParser): void {
		this.parser.current = parser;
	}

	get isWarm(): boolean {
		return this.parser.current !== null;
	}

	/**
	 * Decides and resolves one call over the tools Pi offers (`offeredTools` is read only when the call names a tool
	 * the session's runner does not know; see `SessionRunner.runnerForCall`). Rejects only before a warm parser (a gate
	 * error).
	 */
	run(call: ToolCall, offeredTools: () => readonly string[]): Promise<RunVerdict> {
		// Not `async`: the runner's own promise is handed back as is, without an extra resolution step per call.
		try {
			const runner = this.runners.runnerForCall(call.toolName, offeredTools, this.activeSkills);
			this.logs.counters.callStarted();
			return runner.run(call);
		} catch (error) {
			return Promise.reject(error);
		}
	}

	/**
	 * Builds the runner over `availableTools` and resolves one throwaway bash chain through its pipeline, so the first
	 * real call pays neither the construction nor the cold code paths. The throwaway goes through a detached runner
	 * (silent sink, own ids, an escalator that refuses, an empty grant store): the session's sinks, counters and grants
	 * never see it, and it can never prompt. Never rejects.
	 */
	async prepare(availableTools: readonly string[]): Promise<void> {
		await this.runners.warmUp(availableTools, this.activeSkills, this.agentName);
	}

	/** Publishes this session's service under its id (a session without an id publishes none). Idempotent. */
	publishService(): void {
		const sessionId = this.facts.sessionId;
		if (sessionId === null || this.unpublish !== null) return;
		const service = createPermissionsService(sessionId, this.query, this.extensions);
		this.unpublish = serviceRegistry(this.globalHost).publish(service);
	}

	/** Unpublishes the service and stops whatever the session started. Idempotent; never rejects. */
	async close(): Promise<void> {
		const unpublish = this.unpublish;
		this.unpublish = null;
		unpublish?.();
		this.logs.close();
		await this.authority.stop();
	}

	private runnerFor(availableTools: readonly string[]): GateRunner {
		return this.runners.runnerFor(availableTools, this.activeSkills);
	}
}

function sameSkills(a: readonly ActiveSkill[], b: readonly ActiveSkill[]): boolean {
	if (a.length !== b.length) return false;
	return a.every((skill, index) => skill.name === b[index]?.name && skill.directory === b[index]?.directory);
}
