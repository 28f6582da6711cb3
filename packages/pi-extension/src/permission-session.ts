/**
 * Owns: composing one Pi session's permission objects over its `SessionPolicies` (the active agent and every agent's
 * policy, reloadable; see ADR 0042 for what a reload changes), the session rule store, the path normalizer, the policy
 * query, the session's authority (terminal chosen once), its logs and decision counters (summary written at close),
 * the MCP server names and Pi infrastructure directories its runner is built over, and its gate runner (see
 * `session/session-runner.ts`).
 * Never: reads `process.*` or Pi's context directly (the handlers pass plain facts), and holds no policy logic.
 * Over 400 lines: it is the one composition root of a session; each part it wires is a module of its own, and splitting
 * the wiring would put the order of construction (which depends on which) in two places.
 */
import { PathNormalizer, UNKNOWN_SHELL_ENVIRONMENT } from "@pi-permissions/access-intent";
import type { SessionAuthority } from "@pi-permissions/authority";
import {
	type ActiveSkill,
	type ConfigLoadResult,
	type DecisionFact,
	exampleFailureLine,
	exampleInput,
	exampleLocation,
	examplesOf,
	type GateRunner,
	type GrantWriteError,
	judgeExample,
	PermissionQuery,
	type PersistedGrant,
	type RunVerdict,
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
	SKILL_SURFACE,
} from "@pi-permissions/policy";
import type { InvalidScope } from "@pi-permissions/presentation";
import { decisionFanOut } from "./decision-fan-out";
import type { PersistedGrantAccess } from "./grants/persisted-grant-access";
import { sessionGrantParts } from "./grants/session-grant-parts";
import { SessionLogs } from "./logs/session-logs";
import { createPermissionsService } from "./service/create-permissions-service";
import { serviceRegistry } from "./service/service-registry";
import { SessionExtensions } from "./service/session-extensions";
import type { BashParserLoader } from "./session/bash-parser-loader";
import { mcpServerNames } from "./session/mcp-server-names";
import { piInfrastructureDirs } from "./session/pi-infrastructure";
import { createSessionAuthority } from "./session/session-authority-factory";
import type { PermissionSessionDeps, SessionFacts } from "./session/session-facts";
import { SessionPolicies } from "./session/session-policies";
import { SessionRunner } from "./session/session-runner";
import { STATUS_KEY, statusText } from "./status-indicator";

export type { PermissionSessionDeps, SessionEdges, SessionFacts } from "./session/session-facts";

/** Policy examples decided at session start at most. */
export const MAX_STARTUP_EXAMPLES = 200;

/** One tool call as a session receives it: the session stamps its active agent on it (see `SessionPolicies`). */
export type SessionToolCall = Omit<ToolCall, "agentName">;

/** What a session is built from: the plain facts and dependencies, the shared parser, and the policies loaded at open. */
interface PermissionSessionOptions {
	readonly deps: PermissionSessionDeps;
	readonly facts: SessionFacts;
	readonly parser: BashParserLoader;
	readonly policies: SessionPolicies;
}

export class PermissionSession {
	private readonly deps: PermissionSessionDeps;
	private readonly facts: SessionFacts;
	private readonly policies: SessionPolicies;
	private readonly query: PermissionQuery;
	private readonly store = new SessionRuleStore();
	/** The parser the extension's sessions share (cold until the first call that needs it loads it). */
	private readonly parser: BashParserLoader;
	/** The configured MCP server names the runner splits MCP tool names with (see `refreshMcpServers`). */
	private readonly mcp: { current: readonly string[] } = { current: [] };
	private readonly extensions = new SessionExtensions();
	private readonly logs: SessionLogs;
	private readonly persisted: PersistedGrantAccess | null;
	private readonly authority: SessionAuthority;
	private readonly runners: SessionRunner;
	private unpublish: (() => void) | null = null;
	private activeSkills: readonly ActiveSkill[] = [];

	/** Wires the session's parts over `options`; does no I/O and starts nothing (`open` loads and prefetches). */
	private constructor(options: PermissionSessionOptions) {
		const { deps, facts, parser, policies } = options;
		const { host, agentDir, edges } = deps;
		this.deps = deps;
		this.facts = facts;
		this.parser = parser;
		this.policies = policies;
		const flavor = pathFlavorFor(host.flavor);
		const normalizer = PathNormalizer.create({ cwd: facts.cwd, home: host.home, flavor, probe: edges.probe() });
		this.query = new PermissionQuery({
			policies,
			sessionRules: this.store,
			normalizer,
			parser: () => parser.current,
		});
		// ADR 0042: read once, at open; a new session (Pi's `/reload` builds one) reads them again.
		const opened = policies.current.policy.settings;
		this.logs = SessionLogs.open({
			agentDir,
			sessionId: facts.sessionId,
			settings: opened,
			now: edges.now,
			atExit: edges.atExit,
			// Once per session: the status line says a log write failed; `/permissions` names the file and the reason.
			onWriteFailure: (message) => {
				if (!facts.hasUI) return;
				try {
					facts.ui.setStatus(STATUS_KEY, statusText(this.policies.current.policy, message));
				} catch {
					// `/permissions` still reports the failure.
				}
			},
		});
		const grants = sessionGrantParts(deps, facts, {
			scopes: () => this.policies.current.config.scopes,
			reload: () => this.reload(),
		});
		this.persisted = grants.persisted;
		this.authority = createSessionAuthority(deps, facts, {
			query: this.query,
			store: this.store,
			extensions: this.extensions,
			logs: this.logs,
			// ADR 0042: the dialog and the authorizer chain read the policy in force at each ask.
			settings: () => this.policies.current.policy.settings,
			forwardingTimeoutMs: opened.forwardingTimeoutMs,
			agentName: policies.activeAgent,
			preparePolicy: (agentName) => this.policies.prepare(agentName),
			policyFor: (agentName) => this.policies.policyFor(agentName),
			always: grants.always,
			...(grants.persistServingGrant === undefined ? {} : { persistServingGrant: grants.persistServingGrant }),
		});
		const { persisted } = this;
		this.runners = new SessionRunner({
			policies,
			store: this.store,
			parser: this.parser,
			normalizer,
			extensions: this.extensions,
			authority: this.authority,
			sink: ((fanOut) => (persisted === null ? fanOut : persisted.attributing(fanOut)))(
				decisionFanOut([deps.sink, ...this.logs.sinks]),
			),
			ids: edges.ids,
			sessionId: facts.sessionId,
			agentDir,
			mcpServers: () => this.mcp.current,
			// ADR 0036: Pi's own files (skills, prompts, themes, packages, docs) are read without a prompt.
			infrastructureDirs: (skills) =>
				piInfrastructureDirs(
					{ agentDir, home: host.home, cwd: facts.cwd, piPackageDir: host.piPackageDir ?? null, flavor },
					skills,
				),
			invalidScopes: () => invalidScopesOf(this.policies.current.config),
			// ADR 0039: with the OS sandbox on, the command runs inside its wrapper, whose environment is not Pi's.
			bashEnvironment: () =>
				this.policies.current.policy.sandbox.mode === "off"
					? (edges.bashEnvironment?.() ?? UNKNOWN_SHELL_ENVIRONMENT)
					: UNKNOWN_SHELL_ENVIRONMENT,
			...(grants.persistGrant === undefined ? {} : { persistGrant: grants.persistGrant }),
		});
	}

	/** Loads the config and composes the session over the extension's shared `parser` (warm or not); starts nothing. */
	static async open(
		deps: PermissionSessionDeps,
		facts: SessionFacts,
		parser: BashParserLoader,
	): Promise<PermissionSession> {
		const session = new PermissionSession({ deps, facts, parser, policies: await SessionPolicies.open(deps, facts) });
		// The persisted grants are listed once before the first decision, so attribution finds them.
		await session.persisted?.list();
		return session;
	}

	/** The first failed log write of this session (`<file>: <reason>`), or `null`. */
	get logWriteFailure(): string | null {
		return this.logs.writeFailure;
	}

	/** Writes a gate error the runner never saw to this session's logs (see `SessionLogs`). Never throws. */
	recordGateError(fact: DecisionFact, at: number, beforeSession: boolean): void {
		this.logs.gateErrorOutsideRunner(fact, at, beforeSession);
	}

	get config(): ConfigLoadResult {
		return this.policies.current.config;
	}

	get policy(): ComposedPolicy {
		return this.policies.current.policy;
	}

	/** The session's working directory (the project). */
	get cwd(): string {
		return this.facts.cwd;
	}

	/** Writes what the OS sandbox did to the session's logs (ADR 0037). Never throws. */
	recordSandbox(event: "sandbox_blocked" | "sandbox_unavailable", fields: Readonly<Record<string, unknown>>): void {
		this.logs.sandbox(event, fields);
	}

	/**
	 * Loads the config again (a changed file or a newly trusted project applies from the next decision) and recomposes
	 * the policy. Session grants, the authority and the settings read at open are kept (ADR 0042). On a failed load the
	 * previous policy stays and the error propagates.
	 */
	async reload(): Promise<void> {
		try {
			await this.policies.reload();
		} catch (error) {
			this.logs.reloaded({ ok: false, error: error instanceof Error ? error.message : String(error) });
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
		if (!(await this.policies.refreshIfChanged())) return false;
		await this.reloaded();
		return true;
	}

	private async reloaded(): Promise<void> {
		this.runners.invalidate();
		await this.persisted?.list();
		this.logs.reloaded({ ok: true, issues: this.policies.current.config.issues.length });
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

	/** The active agent whose policy decides this session's calls; `null` for the main session (see `SessionPolicies`). */
	get agentName(): string | null {
		return this.policies.activeAgent;
	}

	/**
	 * Makes `agentName` the active agent: loads its `permission:` frontmatter over the config and recomposes (grants
	 * and the authority are kept). Nothing is loaded when its policy is in force; on a failed load the agent is still
	 * the active one (its calls block until its policy loads) and the error propagates.
	 */
	async useAgent(agentName: string | null): Promise<void> {
		if (await this.policies.useAgent(agentName)) this.runners.invalidate();
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
		this.policies.useSessionYolo(on);
	}

	/** Whether the launcher (flag or environment) forces yolo on, so the session toggle cannot turn it off. */
	get launcherYolo(): boolean {
		return this.policies.launcherYolo;
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

	/**
	 * Reads the MCP server names Pi is configured with again (ADR 0036): its `mcp.json` files and the servers
	 * extensions registered (`registered`, may throw). A changed list rebuilds the runner, so a rule like `"exa-web:*"`
	 * meets `mcp__exa_web__search` from the next call. Never throws.
	 */
	refreshMcpServers(registered: () => readonly string[]): void {
		const names = mcpServerNames({
			agentDir: this.deps.agentDir,
			cwd: this.facts.cwd,
			isProjectTrusted: this.facts.isProjectTrusted,
			registered,
		});
		const current = this.mcp.current;
		if (names.length === current.length && names.every((name, index) => name === current[index])) return;
		this.mcp.current = [...names];
		this.runners.invalidate();
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

	/** Loads the bash parser (once per extension instance; a failed load is retried next time). Rejects on a failure. */
	async warm(): Promise<void> {
		await this.parser.load();
	}

	/** Whether the bash parser is loaded (a call before it is a gate error). */
	get isWarm(): boolean {
		return this.parser.current !== null;
	}

	/**
	 * Decides and resolves one call of the active agent over the tools Pi offers (`offeredTools` is read only when the
	 * call names a tool the session's runner does not know; see `SessionRunner.runnerForCall`). Rejects before a warm
	 * parser, or while the active agent's policy cannot load (a gate error).
	 */
	run(call: SessionToolCall, offeredTools: () => readonly string[]): Promise<RunVerdict> {
		// SECURITY: a call is never decided under another agent's policy; a policy that cannot load blocks the call.
		if (this.policies.current.agentName !== this.policies.activeAgent) {
			return this.useAgent(this.policies.activeAgent).then(() => this.runActive(call, offeredTools));
		}
		// Not `async`: the warm, same-agent path hands the runner's own promise back as is (each skipped await is a turn
		// of the microtask queue).
		return this.runActive(call, offeredTools);
	}

	private runActive(call: SessionToolCall, offeredTools: () => readonly string[]): Promise<RunVerdict> {
		try {
			const runner = this.runners.runnerForCall(call.toolName, offeredTools, this.activeSkills);
			this.logs.counters.callStarted();
			const { toolName, input, toolCallId } = call;
			return runner.run({ toolName, input, agentName: this.policies.activeAgent, toolCallId });
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

	/** Whether any loaded scope carries policy examples (the `tests` key). */
	get hasExamples(): boolean {
		return examplesOf(this.config.scopes).length > 0;
	}

	/**
	 * The start-up warning of each policy example (the `tests` key) this session's policy fails. Examples naming
	 * another agent are left to `pi-permissions test`. Never rejects: an example that cannot be decided is a warning.
	 */
	async exampleWarnings(): Promise<string[]> {
		const lines: string[] = [];
		const examples = examplesOf(this.config.scopes);
		// Start-up stays quick whatever a file holds; the CLI's `test` runs every example.
		if (examples.length > MAX_STARTUP_EXAMPLES) {
			lines.push(
				`pi-permissions: only the first ${MAX_STARTUP_EXAMPLES} of ${examples.length} policy examples are checked at start-up; run \`pi-permissions test\` for all`,
			);
		}
		for (const scoped of examples.slice(0, MAX_STARTUP_EXAMPLES)) {
			const agent = scoped.example.agent ?? this.agentName;
			if (agent !== this.agentName) continue;
			const input = exampleInput(scoped.example, this.policy.shellTools);
			try {
				const decision = await this.runners.decideExample({
					toolName: scoped.example.tool,
					input,
					agentName: this.agentName,
					toolCallId: null,
				});
				const verdict = judgeExample(scoped, decision);
				if (verdict.kind === "fail") lines.push(`pi-permissions: ${exampleFailureLine(verdict)}`);
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error);
				lines.push(`pi-permissions: example ${exampleLocation(scoped)} could not be decided: ${message}`);
			}
		}
		return lines;
	}

	/** Publishes this session's service under its id (a session without an id publishes none). Idempotent. */
	publishService(): void {
		const sessionId = this.facts.sessionId;
		if (sessionId === null || this.unpublish !== null) return;
		const service = createPermissionsService(sessionId, this.query, this.extensions);
		this.unpublish = serviceRegistry(this.deps.edges.globalHost).publish(service);
	}

	/**
	 * Warns the user that a subagent bound without pi-permissions ready in it (its tool calls are not gated), naming
	 * it, and records it in the review log. Never throws.
	 */
	warnUngatedChild(child: { readonly childSessionId: string; readonly agentName: string | null }): void {
		this.logs.ungatedChild(child);
		if (!this.facts.hasUI) return;
		const name = child.agentName === null ? "A subagent" : `Subagent \`${child.agentName}\``;
		try {
			this.facts.ui.notify(
				`pi-permissions: ${name} (session ${child.childSessionId}) started without pi-permissions: its tool calls are not checked or asked about. Load pi-permissions in the subagent's session.`,
				"warning",
			);
		} catch {
			// A warning that cannot be shown is still in the review log.
		}
	}

	/** Unpublishes the service and stops whatever the session started. Idempotent; never rejects. */
	async close(): Promise<void> {
		const unpublish = this.unpublish;
		this.unpublish = null;
		unpublish?.();
		try {
			// Stopped first, so the end of serving reaches the review log before its summary closes it.
			await this.authority.stop();
		} finally {
			this.logs.close();
		}
	}

	private runnerFor(availableTools: readonly string[]): GateRunner {
		return this.runners.runnerFor(availableTools, this.activeSkills);
	}
}

function sameSkills(a: readonly ActiveSkill[], b: readonly ActiveSkill[]): boolean {
	if (a.length !== b.length) return false;
	return a.every((skill, index) => skill.name === b[index]?.name && skill.directory === b[index]?.directory);
}

function invalidScopesOf(config: ConfigLoadResult): InvalidScope[] {
	return config.reports.filter((report) => report.status === "invalid").map(({ scope, file }) => ({ scope, file }));
}
