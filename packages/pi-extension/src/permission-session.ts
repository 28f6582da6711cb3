/**
 * Owns: opening one Pi session's permission objects complete, over its `SessionPolicies` (the active agent and every
 * agent's policy, reloadable; see ADR 0042 for what a reload changes), and the five parts a caller reaches them by:
 * `policies` (the policy in force and what changes it), `grants` (session and persisted grants), `gate` (deciding
 * calls), `logs` (what the logs record and report) and `subagents` (serving them, warning about ungated ones). It
 * also publishes the session's service and closes what it started.
 * Never: reads `process.*` or Pi's context directly (the handlers pass plain facts), and holds no policy logic; each
 * part is a module of its own, and the order of construction (which depends on which) is written here only.
 */
import { PathNormalizer, UNKNOWN_SHELL_ENVIRONMENT } from "@pi-permissions/access-intent";
import type { SessionAuthority } from "@pi-permissions/authority";
import { type ConfigLoadResult, PermissionQuery, type SandboxPlanView } from "@pi-permissions/engine";
import { pathFlavorFor, SessionRuleStore } from "@pi-permissions/policy";
import type { InvalidScope } from "@pi-permissions/presentation";
import { type ChainLinkProblem, chainProblems } from "./authority/chain-health";
import { SessionSubagents } from "./authority/session-subagents";
import { decisionFanOut } from "./decision-fan-out";
import { sessionGrantParts } from "./grants/session-grant-parts";
import { SessionGrants } from "./grants/session-grants";
import { type SessionLogRecords, SessionLogs } from "./logs/session-logs";
import { createPermissionsService } from "./service/create-permissions-service";
import { serviceRegistry } from "./service/service-registry";
import { SessionExtensions } from "./service/session-extensions";
import type { BashParserLoader } from "./session/bash-parser-loader";
import { mcpServerNames } from "./session/mcp-server-names";
import { piCodeDirs } from "./session/pi-code-dirs";
import { piInfrastructureDirs } from "./session/pi-infrastructure";
import { PolicyControl } from "./session/policy-control";
import { createSessionAuthority } from "./session/session-authority-factory";
import type { PermissionSessionDeps, SessionEdges, SessionFacts } from "./session/session-facts";
import { SessionGate } from "./session/session-gate";
import { SessionPolicies } from "./session/session-policies";
import { STATUS_KEY, statusText } from "./status-indicator";

export type { PermissionSessionDeps, SessionFacts } from "./session/session-facts";
export type { SessionToolCall } from "./session/session-gate";

/** What a session is built from: the plain facts and dependencies, the shared parser, the policies loaded at open. */
interface PermissionSessionOptions {
	readonly deps: PermissionSessionDeps;
	readonly facts: SessionFacts;
	readonly parser: BashParserLoader;
	readonly policies: SessionPolicies;
}

export class PermissionSession {
	/** The session's working directory (the project). */
	readonly cwd: string;
	/** The policy in force and what changes it: config, active agent, yolo, reload; what it says about a tool or skill. */
	readonly policies: PolicyControl;
	/** This session's grants: the "for this session" ones and the persisted ("always") ones. */
	readonly grants: SessionGrants;
	/** Deciding calls: tool calls and `/skill:` input over what Pi offers, the warm parser, the policy examples. */
	readonly gate: SessionGate;
	/** What the logs record for the handlers and the sandbox, and their first failed write. */
	readonly logs: SessionLogRecords;
	/** This session's subagents: serving their forwarded asks, warning about one that runs ungated. */
	readonly subagents: SessionSubagents;

	private readonly sessionId: string | null;
	/** Where the service registry lives (`globalThis`). */
	private readonly globalHost: object;
	private readonly query: PermissionQuery;
	private readonly extensions = new SessionExtensions();
	private readonly sessionLogs: SessionLogs;
	private readonly authority: SessionAuthority;
	/**
	 * The published service's removal, once `publishService` ran (at `session_start`, after open; a session opened
	 * another way publishes none). Mutable because publishing is a step of the session's start, not of its opening.
	 */
	private unpublish: (() => void) | null = null;
	/**
	 * Whether every extension has had its `session_start` (Pi's `resources_discover` follows them all): only then can a
	 * link the chain names be said never to have registered. Mutable for the same reason as `unpublish`.
	 */
	private linksSettled = false;

	/** Wires the session's parts over `options`; does no I/O and starts nothing (`open` loads and lists). */
	private constructor(options: PermissionSessionOptions) {
		const { deps, facts, parser, policies } = options;
		const { host, agentDir, edges } = deps;
		this.sessionId = facts.sessionId;
		this.globalHost = edges.globalHost;
		this.cwd = facts.cwd;
		const store = new SessionRuleStore();
		const flavor = pathFlavorFor(host.flavor);
		const normalizer = PathNormalizer.create({ cwd: facts.cwd, home: host.home, flavor, probe: edges.probe() });
		this.query = new PermissionQuery({ policies, sessionRules: store, normalizer, parser: () => parser.current });
		// ADR 0042: read once, at open; a new session (Pi's `/reload` builds one) reads them again.
		const opened = policies.current.policy.settings;
		const logs = SessionLogs.open({
			agentDir,
			sessionId: facts.sessionId,
			settings: opened,
			now: edges.now,
			atExit: edges.atExit,
			// ADR 0060: the collector is the managed or global scope's (never a project's), read once, like the logs.
			telemetry:
				policies.current.policy.telemetry === null || edges.telemetryPipeline === undefined
					? null
					: { config: policies.current.policy.telemetry, load: edges.telemetryPipeline },
			// Once per session: the status line says a log write failed; `/permissions` names the file and the reason.
			onWriteFailure: (message) => {
				if (!facts.hasUI) return;
				try {
					// INVARIANT: a write fails only after the constructor returned (logs write off the decision path).
					facts.ui.setStatus(STATUS_KEY, statusText(policies.current.policy, message, this.chainProblems()));
				} catch {
					// `/permissions` still reports the failure.
				}
			},
		});
		this.sessionLogs = logs;
		this.logs = logs;
		const grantParts = sessionGrantParts(deps, facts, {
			scopes: () => policies.current.config.scopes,
			// INVARIANT: called only after an "always" answer, long after the constructor assigned `policies`.
			reload: () => this.policies.reload(),
		});
		const { persisted } = grantParts;
		this.authority = createSessionAuthority(deps, facts, {
			query: this.query,
			store,
			extensions: this.extensions,
			logs,
			// ADR 0042: the dialog and the authorizer chain read the policy in force at each ask.
			settings: () => policies.current.policy.settings,
			mode: () => policies.current.policy.mode,
			forwardingTimeoutMs: opened.forwardingTimeoutMs,
			agentName: policies.activeAgent,
			preparePolicy: (agentName) => policies.prepare(agentName),
			policyFor: (agentName) => policies.policyFor(agentName),
			always: grantParts.always,
			...(grantParts.persistServingGrant === undefined ? {} : { persistServingGrant: grantParts.persistServingGrant }),
		});
		const fanOut = decisionFanOut([deps.sink, ...logs.sinks]);
		this.gate = new SessionGate({
			policies,
			parser,
			counters: logs.counters,
			readMcpServers: (registered) =>
				mcpServerNames({ agentDir, cwd: facts.cwd, isProjectTrusted: facts.isProjectTrusted, registered }),
			runner: {
				store,
				normalizer,
				extensions: this.extensions,
				authority: this.authority,
				sink: persisted === null ? fanOut : persisted.attributing(fanOut),
				ids: edges.ids,
				sessionId: facts.sessionId,
				agentDir,
				// ADR 0048: Pi's own package, this one and local packages are code Pi loads.
				codeDirs: piCodeDirs({
					agentDir,
					cwd: facts.cwd,
					home: host.home,
					piPackageDir: host.piPackageDir ?? null,
					ownPackageDir: host.ownPackageDir ?? null,
				}),
				// ADR 0036: Pi's own files (skills, prompts, themes, packages, docs) are read without a prompt.
				infrastructureDirs: (skills) =>
					piInfrastructureDirs(
						{ agentDir, home: host.home, cwd: facts.cwd, piPackageDir: host.piPackageDir ?? null, flavor },
						skills,
					),
				invalidScopes: () => invalidScopesOf(policies.current.config),
				// ADR 0039: with the OS sandbox on, the command runs inside its wrapper, whose environment is not Pi's.
				bashEnvironment: () =>
					policies.current.policy.sandbox.mode === "off"
						? (edges.bashEnvironment?.() ?? UNKNOWN_SHELL_ENVIRONMENT)
						: UNKNOWN_SHELL_ENVIRONMENT,
				...(edges.sandboxRunning === undefined ? {} : { sandboxRunning: edges.sandboxRunning }),
				...(edges.sandboxPlan === undefined
					? {}
					: { sandboxPlan: sandboxPlanOf(edges.sandboxPlan, policies, facts.cwd) }),
				...(grantParts.persistGrant === undefined ? {} : { persistGrant: grantParts.persistGrant }),
			},
		});
		this.policies = new PolicyControl({ policies, query: this.query, gate: this.gate, persisted, logs });
		this.grants = new SessionGrants({
			store,
			persisted,
			reload: () => this.policies.reload(),
			now: edges.now,
			ended: (grant) => logs.grantEnded(grant),
		});
		this.subagents = new SessionSubagents(this.authority, logs, facts);
	}

	/**
	 * Loads the config and composes the session over the extension's shared `parser` (warm or not); starts nothing.
	 * The persisted grants are listed once before the first decision, so attribution finds them.
	 */
	static async open(
		deps: PermissionSessionDeps,
		facts: SessionFacts,
		parser: BashParserLoader,
	): Promise<PermissionSession> {
		const policies = await SessionPolicies.open(deps, facts);
		const session = new PermissionSession({ deps, facts, parser, policies });
		await session.grants.persisted();
		return session;
	}

	/** Publishes this session's service under its id (a session without an id publishes none). Idempotent. */
	publishService(): void {
		const { sessionId } = this;
		if (sessionId === null || this.unpublish !== null) return;
		const service = createPermissionsService(sessionId, this.query, this.extensions);
		this.unpublish = serviceRegistry(this.globalHost).publish(service);
	}

	/** Every extension has started (`resources_discover`): from now on an unregistered chain link is reported. */
	settleLinks(): void {
		this.linksSettled = true;
	}

	/**
	 * The links `authorizerChain` names that are not answering now: never registered (once every extension started),
	 * or reporting that they cannot (a judge without credentials). Never throws.
	 */
	chainProblems(): ChainLinkProblem[] {
		const problems = chainProblems(this.policies.policy.settings.authorizerChain, (name) =>
			this.extensions.linkState(name),
		);
		return this.linksSettled ? problems : problems.filter((problem) => problem.kind !== "unregistered");
	}

	/** The status-line text of this session now (`undefined` clears it). */
	statusText(): string {
		return statusText(this.policies.policy, this.logs.writeFailure, this.chainProblems());
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
			this.sessionLogs.close();
			// ADR 0060: the last batch goes to the collector, waited for within a bound; what it does not take is counted.
			await this.sessionLogs.telemetry?.close();
		}
	}
}

function invalidScopesOf(config: ConfigLoadResult): InvalidScope[] {
	return config.reports.filter((report) => report.status === "invalid").map(({ scope, file }) => ({ scope, file }));
}

/**
 * The plan the sandbox runs now, for the policy in force (the sandbox runs the session's plan whichever agent asks;
 * the engine counts only what that plan holds of the call's own rules). A plan that cannot be made is none: asked.
 */
function sandboxPlanOf(
	plan: NonNullable<SessionEdges["sandboxPlan"]>,
	policies: SessionPolicies,
	cwd: string,
): () => SandboxPlanView | null {
	return () => {
		try {
			return plan({ policy: policies.current.policy, cwd });
		} catch {
			return null;
		}
	};
}
