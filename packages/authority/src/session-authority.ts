/**
 * Owns: wiring authority for one session from its context, once: subagent detection, target resolution, terminal
 * selection, the escalator, and (for a UI root session) serving its forwarding inbox.
 * Never: reads `process.*` or constructs real IO; the composition root passes the environment and the edges in.
 */
import type { AuthorityLog } from "./authority-log";
import { type SelectedAuthority, selectAuthority } from "./chain/authority-selection";
import type { AskDetails, PolicyLookup, TerminalDecision } from "./chain/authorizer";
import { DEFAULT_LINK_BUDGET_MS } from "./chain/authorizer-chain";
import type { AuthorizerLookup } from "./chain/authorizer-registry";
import { ChainEscalator } from "./chain/chain-escalator";
import { LocalUserAuthorizer, type UserPrompt } from "./chain/local-user-authorizer";
import type { Clock } from "./clock";
import { type AnswerSigningKey, PARENT_KEY_ENV, processAnswerKey } from "./forwarding/answer-key";
import type { ForwardedRequest } from "./forwarding/forwarded-request";
import type { ForwardedYolo } from "./forwarding/forwarded-request-resolver";
import { type ForwardedAnswerListener, ForwardedRequestServer } from "./forwarding/forwarded-request-server";
import type { ForwardingFileSystem } from "./forwarding/forwarding-file-system";
import { ForwardingLayout } from "./forwarding/forwarding-layout";
import { ForwardingServingLoop } from "./forwarding/forwarding-serving-loop";
import { ForwardingStore } from "./forwarding/forwarding-store";
import { inheritedParentKey, ParentAnswerKeys } from "./forwarding/parent-answer-keys";
import {
	ParentAuthorizer,
	PERMISSION_FORWARDING_POLL_INTERVAL_MS,
	PERMISSION_FORWARDING_SERVING_GRACE_MS,
	PERMISSION_FORWARDING_TIMEOUT_MS,
} from "./forwarding/parent-authorizer";
import { ForwardingLivenessJudge } from "./liveness/forwarding-liveness";
import {
	HeartbeatStore,
	type PidProbe,
	SERVING_HEARTBEAT_REFRESH_MS,
	SERVING_HEARTBEAT_STALE_MS,
} from "./liveness/serving-heartbeat";
import { ServingRegistry } from "./liveness/serving-registry";
import {
	type Environment,
	type ForwardingTarget,
	isSubagentSession,
	normalizeSessionId,
	resolveForwardingTarget,
} from "./subagent/forwarding-target";
import { SubagentRegistry } from "./subagent/subagent-registry";

export interface SessionAuthorityOptions {
	readonly session: {
		readonly sessionId: string | null;
		readonly hasUI: boolean;
		readonly agentName: string | null;
		readonly cwd: string;
		/** This session's directory, for the subagent-sessions heuristic; `null` for an in-memory session. */
		readonly sessionDir: string | null;
	};
	readonly agentDir: string;
	readonly env: Environment;
	/** The adapter's UI; used only when the session has UI. */
	readonly userPrompt: UserPrompt;
	readonly query: PolicyLookup;
	readonly authorizers: AuthorizerLookup;
	/** The operator's `authorizerChain`, read at each ask (ADR 0042: the policy in force). Must not throw. */
	readonly chainConfig: () => readonly string[];
	readonly recordServingSessionGrant: (request: ForwardedRequest) => void;
	/** Told of every forwarded request this session put to its live authority, once answered. Must not throw. */
	readonly onForwardedAnswered?: ForwardedAnswerListener;
	/** This session's yolo over the forwarded asks it serves; absent: none. */
	readonly forwardedYolo?: ForwardedYolo;
	/** Writes a forwarded ask's "always" grant into this session's files (ADR 0032); absent: it stays a session grant. */
	readonly persistServingGrant?: (request: ForwardedRequest, scope: "project" | "global") => Promise<void>;
	readonly io: {
		readonly fs: ForwardingFileSystem;
		readonly clock: Clock;
		readonly pid: number;
		readonly isPidAlive: PidProbe;
		/** Where the process-global registries and this process's answer key live: `globalThis` in production. */
		readonly globalHost: object;
		/**
		 * Sets a variable in this process's environment, which the processes it starts later inherit: a serving session
		 * publishes its public key there (`PI_PERMISSIONS_PARENT_KEY`, ADR 0046). Absent: child processes get no key
		 * (their asks fail closed). Must not throw.
		 */
		readonly setEnv?: (name: string, value: string) => void;
	};
	readonly log: AuthorityLog;
	/**
	 * `forwardingTimeoutMs` and the other bounds, fixed for the authority's life (ADR 0042: a new session reads them
	 * again); every field defaults to the reference constants.
	 */
	readonly timing?: Partial<SessionAuthorityTiming>;
}

interface SessionAuthorityTiming {
	readonly forwardingTimeoutMs: number;
	readonly pollIntervalMs: number;
	readonly servingGraceMs: number;
	readonly heartbeatRefreshMs: number;
	readonly heartbeatStaleMs: number;
	readonly linkBudgetMs: number;
}

const DEFAULT_TIMING: SessionAuthorityTiming = {
	forwardingTimeoutMs: PERMISSION_FORWARDING_TIMEOUT_MS,
	pollIntervalMs: PERMISSION_FORWARDING_POLL_INTERVAL_MS,
	servingGraceMs: PERMISSION_FORWARDING_SERVING_GRACE_MS,
	heartbeatRefreshMs: SERVING_HEARTBEAT_REFRESH_MS,
	heartbeatStaleMs: SERVING_HEARTBEAT_STALE_MS,
	linkBudgetMs: DEFAULT_LINK_BUDGET_MS,
};

export class SessionAuthority {
	private constructor(
		readonly selected: SelectedAuthority,
		readonly isSubagent: boolean,
		readonly target: ForwardingTarget | null,
		private readonly escalator: ChainEscalator,
		private readonly serving: {
			readonly loop: ForwardingServingLoop;
			readonly sweep: () => Promise<unknown>;
			readonly publishKey: () => void;
		} | null,
	) {}

	/** Selects this session's authority once. Serving starts only with {@link start}. */
	static create(options: SessionAuthorityOptions): SessionAuthority {
		const { session, io, log } = options;
		const timing: SessionAuthorityTiming = { ...DEFAULT_TIMING, ...options.timing };
		const subagents = new SubagentRegistry(io.globalHost);
		const servingRegistry = new ServingRegistry(io.globalHost);
		const layout = new ForwardingLayout(options.agentDir);
		const store = new ForwardingStore(io.fs, io.clock, io.pid);
		const heartbeats = new HeartbeatStore({
			store,
			layout,
			clock: io.clock,
			log,
			pid: io.pid,
			refreshMs: timing.heartbeatRefreshMs,
		});
		const isSubagent = isSubagentSession({
			...session,
			env: options.env,
			registry: subagents,
			agentDir: options.agentDir,
		});
		const target = resolveForwardingTarget({
			hasUI: session.hasUI,
			sessionId: session.sessionId,
			env: options.env,
			registry: subagents,
		});
		const parentKeys = new ParentAnswerKeys({
			inherited: inheritedParentKey(options.env),
			globalHost: io.globalHost,
			servingRegistry,
		});
		const selected = selectAuthority(
			{ hasUI: session.hasUI, isSubagent },
			{
				localUser: () => new LocalUserAuthorizer(options.userPrompt),
				parent: () =>
					new ParentAuthorizer({
						target,
						self: {
							sessionId: normalizeSessionId(session.sessionId) ?? "unknown-session",
							// The spawner's announcement names an in-process child's agent before any signal does.
							agentName: session.agentName ?? announcedAgentName(subagents, session.sessionId),
							cwd: session.cwd,
							pid: io.pid,
						},
						layout,
						store,
						liveness: new ForwardingLivenessJudge({
							servingRegistry,
							heartbeats,
							clock: io.clock,
							isPidAlive: io.isPidAlive,
							staleMs: timing.heartbeatStaleMs,
							reuseMs: timing.pollIntervalMs,
						}),
						keys: parentKeys,
						clock: io.clock,
						log,
						pollIntervalMs: timing.pollIntervalMs,
						timeoutMs: timing.forwardingTimeoutMs,
						graceMs: timing.servingGraceMs,
					}),
			},
		);
		const escalator = new ChainEscalator({
			selected,
			registry: options.authorizers,
			chainConfig: options.chainConfig,
			query: options.query,
			log,
			clock: io.clock,
			linkBudgetMs: timing.linkBudgetMs,
		});
		// The one start-up warning (in the review log: a subagent has no UI) when its parent's answers cannot be verified.
		const keyProblem = selected.kind === "parent" && target !== null ? parentKeys.problem(target) : null;
		if (keyProblem !== null) {
			log.event("forwarded_permission.parent_key_missing", {
				targetSessionId: target?.sessionId ?? null,
				reason: keyProblem,
			});
		}
		const servedId = normalizeSessionId(session.sessionId);
		// Only a UI root session serves (a subagent's asks go up, never sideways).
		const serving =
			session.hasUI && !isSubagent && servedId !== null
				? SessionAuthority.serving(servedId, processAnswerKey(io.globalHost), {
						options,
						timing,
						layout,
						store,
						heartbeats,
						servingRegistry,
						subagents,
						escalator,
					})
				: null;
		return new SessionAuthority(selected, isSubagent, target, escalator, serving);
	}

	private static serving(
		servedId: string,
		signingKey: AnswerSigningKey,
		parts: ServingParts,
	): NonNullable<SessionAuthority["serving"]> {
		const { options, timing, layout, store, heartbeats, servingRegistry, subagents, escalator } = parts;
		const { io, log } = options;
		return {
			loop: new ForwardingServingLoop({
				sessionId: servedId,
				server: new ForwardedRequestServer({
					sessionId: servedId,
					layout,
					store,
					signingKey,
					clock: io.clock,
					log,
					query: options.query,
					escalator,
					recordServingSessionGrant: options.recordServingSessionGrant,
					...(options.onForwardedAnswered === undefined ? {} : { onForwardedAnswered: options.onForwardedAnswered }),
					...(options.forwardedYolo === undefined ? {} : { forwardedYolo: options.forwardedYolo }),
					...(options.persistServingGrant === undefined ? {} : { persistServingGrant: options.persistServingGrant }),
					subagents,
					isPidAlive: io.isPidAlive,
					pollIntervalMs: timing.pollIntervalMs,
					escalationTimeoutMs: timing.forwardingTimeoutMs,
				}),
				heartbeats,
				servingRegistry,
				layout,
				store,
				clock: io.clock,
				log,
				pollIntervalMs: timing.pollIntervalMs,
			}),
			sweep: () => heartbeats.sweepDead(io.isPidAlive),
			// Only the public half leaves memory: child processes started from now on inherit it.
			publishKey: () => io.setEnv?.(PARENT_KEY_ENV, signingKey.publicKeyText),
		};
	}

	/** Whether this session drains a forwarding inbox. */
	get serves(): boolean {
		return this.serving !== null;
	}

	/**
	 * Starts serving (a UI root session only): publishes this process's public answer key in its environment (before
	 * the heartbeat, so a child that finds this session serving can also verify it), sweeps heartbeat records of dead
	 * processes once, and starts the loop.
	 */
	async start(): Promise<void> {
		if (this.serving === null) return;
		this.serving.publishKey();
		await this.serving.sweep();
		this.serving.loop.start();
	}

	/** Stops serving and cleans up. Idempotent; never rejects. */
	async stop(): Promise<void> {
		await this.serving?.loop.stop();
	}

	/** Resolves one ask through this session's chain and terminal. Never rejects. */
	escalate(details: AskDetails): Promise<TerminalDecision> {
		return this.escalator.escalate(details);
	}
}

interface ServingParts {
	readonly options: SessionAuthorityOptions;
	readonly timing: SessionAuthorityTiming;
	readonly layout: ForwardingLayout;
	readonly store: ForwardingStore;
	readonly heartbeats: HeartbeatStore;
	readonly servingRegistry: ServingRegistry;
	readonly subagents: SubagentRegistry;
	readonly escalator: ChainEscalator;
}

function announcedAgentName(subagents: SubagentRegistry, sessionId: string | null): string | null {
	const id = normalizeSessionId(sessionId);
	return id === null ? null : (subagents.get(id)?.agentName ?? null);
}
