/** Builds a serving parent and forwarding children over one real directory, with small injected intervals. */
import type {
	AskDetails,
	PermissionCheck,
	PolicyLookup,
	TerminalAuthorizer,
	TerminalDecision,
} from "../../src/chain/authorizer";
import { AuthorizerRegistry } from "../../src/chain/authorizer-registry";
import { ChainEscalator } from "../../src/chain/chain-escalator";
import { type Clock, systemClock } from "../../src/clock";
import { type AnswerSigningKey, processAnswerKey } from "../../src/forwarding/answer-key";
import type { ForwardedRequest } from "../../src/forwarding/forwarded-request";
import { ForwardedRequestServer } from "../../src/forwarding/forwarded-request-server";
import type { ForwardingFileSystem } from "../../src/forwarding/forwarding-file-system";
import { ForwardingLayout } from "../../src/forwarding/forwarding-layout";
import { ForwardingServingLoop } from "../../src/forwarding/forwarding-serving-loop";
import { ForwardingStore } from "../../src/forwarding/forwarding-store";
import { NodeForwardingFileSystem } from "../../src/forwarding/node-forwarding-file-system";
import { type InheritedParentKey, ParentAnswerKeys } from "../../src/forwarding/parent-answer-keys";
import { ParentAuthorizer } from "../../src/forwarding/parent-authorizer";
import { ForwardingLivenessJudge } from "../../src/liveness/forwarding-liveness";
import { HeartbeatStore, type PidProbe } from "../../src/liveness/serving-heartbeat";
import { ServingRegistry } from "../../src/liveness/serving-registry";
import type { ForwardingTarget } from "../../src/subagent/forwarding-target";
import type { SubagentLookup } from "../../src/subagent/subagent-registry";
import { MemoryLog } from "./memory-log";

export const ASK: PermissionCheck = { state: "ask", matchedPattern: "*", origin: "builtin" };

/**
 * The key the harness's parents sign with unless a test gives them another: the stand-in for one parent process's key,
 * which the harness's children trust as if they had inherited it (`PI_PERMISSIONS_PARENT_KEY`).
 */
export const HARNESS_PARENT_KEY: AnswerSigningKey = processAnswerKey({});

/** What a child trusts when it inherited `key`'s public half. */
export function inherited(key: AnswerSigningKey = HARNESS_PARENT_KEY): InheritedParentKey {
	return { kind: "present", key: key.publicKey };
}

export interface ParentOptions {
	readonly agentDir: string;
	readonly sessionId: string;
	readonly terminal: TerminalAuthorizer;
	readonly resolve?: (
		facts: { surface: string; matchValues: readonly string[] },
		agentName: string | null,
	) => PermissionCheck;
	readonly fs?: ForwardingFileSystem;
	readonly clock?: Clock;
	readonly pid?: number;
	/** Whether a requester process runs (the server drops a dead one's ask). */
	readonly isPidAlive?: PidProbe;
	readonly servingRegistry?: ServingRegistry;
	readonly subagents?: SubagentLookup;
	readonly log?: MemoryLog;
	readonly pollIntervalMs?: number;
	readonly heartbeatRefreshMs?: number;
	readonly escalationTimeoutMs?: number;
	/** Replaces the whole query (to inject a broken engine). */
	readonly query?: PolicyLookup;
	readonly recordServingSessionGrant?: (request: ForwardedRequest) => void;
	/** The key this parent signs with; {@link HARNESS_PARENT_KEY} by default. */
	readonly signingKey?: AnswerSigningKey;
}

export function makeParent(options: ParentOptions) {
	const clock = options.clock ?? systemClock;
	const log = options.log ?? new MemoryLog();
	const pid = options.pid ?? process.pid;
	const layout = new ForwardingLayout(options.agentDir);
	const store = new ForwardingStore(options.fs ?? new NodeForwardingFileSystem(), clock, pid);
	const resolveCalls: { surface: string; agentName: string | null }[] = [];
	const recording: PolicyLookup = {
		checkPermission: () => ASK,
		resolveForwarded: (facts, agentName) => {
			resolveCalls.push({ surface: facts.surface, agentName });
			return options.resolve?.(facts, agentName) ?? ASK;
		},
	};
	const escalator = new ChainEscalator({
		selected: { kind: "local-user", terminal: options.terminal, adjudicatesLocally: true, reason: "test" },
		registry: new AuthorizerRegistry(),
		chainConfig: () => [],
		query: options.query ?? recording,
		log,
		clock,
		linkBudgetMs: 1000,
	});
	const sessionGrants: ForwardedRequest[] = [];
	const server = new ForwardedRequestServer({
		sessionId: options.sessionId,
		layout,
		store,
		signingKey: options.signingKey ?? HARNESS_PARENT_KEY,
		clock,
		log,
		query: options.query ?? recording,
		escalator,
		recordServingSessionGrant: (request) => {
			sessionGrants.push(request);
			options.recordServingSessionGrant?.(request);
		},
		pollIntervalMs: options.pollIntervalMs ?? 5,
		escalationTimeoutMs: options.escalationTimeoutMs ?? 20_000,
		isPidAlive: options.isPidAlive ?? (() => true),
		...(options.subagents === undefined ? {} : { subagents: options.subagents }),
	});
	const heartbeats = new HeartbeatStore({
		store,
		layout,
		clock,
		log,
		pid,
		refreshMs: options.heartbeatRefreshMs ?? 20,
	});
	const loop = new ForwardingServingLoop({
		sessionId: options.sessionId,
		server,
		heartbeats,
		servingRegistry: options.servingRegistry ?? new ServingRegistry({}),
		layout,
		store,
		clock,
		log,
		pollIntervalMs: options.pollIntervalMs ?? 5,
		stopWaitMs: 50,
	});
	return { server, loop, layout, store, log, sessionGrants, resolveCalls, heartbeats };
}

export interface ChildOptions {
	readonly agentDir: string;
	readonly sessionId: string;
	readonly agentName?: string | null;
	readonly target: ForwardingTarget | null;
	readonly fs?: ForwardingFileSystem;
	readonly clock?: Clock;
	readonly isPidAlive?: PidProbe;
	readonly pid?: number;
	readonly servingRegistry?: ServingRegistry;
	readonly log?: MemoryLog;
	/** The parent key the child inherited; {@link HARNESS_PARENT_KEY}'s by default. */
	readonly inheritedKey?: InheritedParentKey;
	/** Where this process's own key lives (for an in-process parent); a fresh object by default. */
	readonly globalHost?: object;
	readonly pollIntervalMs?: number;
	readonly timeoutMs?: number;
	readonly graceMs?: number;
	readonly staleMs?: number;
}

export function makeChild(options: ChildOptions) {
	const clock = options.clock ?? systemClock;
	const log = options.log ?? new MemoryLog();
	const layout = new ForwardingLayout(options.agentDir);
	const store = new ForwardingStore(options.fs ?? new NodeForwardingFileSystem(), clock, process.pid);
	const heartbeats = new HeartbeatStore({ store, layout, clock, log, pid: process.pid });
	const servingRegistry = options.servingRegistry ?? new ServingRegistry({});
	const liveness = new ForwardingLivenessJudge({
		servingRegistry,
		heartbeats,
		clock,
		isPidAlive: options.isPidAlive ?? (() => true),
		staleMs: options.staleMs ?? 5000,
	});
	const authorizer = new ParentAuthorizer({
		target: options.target,
		self: {
			sessionId: options.sessionId,
			agentName: options.agentName ?? "scout",
			cwd: "/work/child",
			pid: options.pid ?? process.pid,
		},
		layout,
		store,
		liveness,
		keys: new ParentAnswerKeys({
			inherited: options.inheritedKey ?? inherited(),
			globalHost: options.globalHost ?? {},
			servingRegistry,
		}),
		clock,
		log,
		pollIntervalMs: options.pollIntervalMs ?? 5,
		timeoutMs: options.timeoutMs ?? 20_000,
		graceMs: options.graceMs ?? 2000,
	});
	return { authorizer, log, layout, store };
}

/** A terminal whose answers a test scripts per request, recording every ask it saw. */
export function scriptedTerminal(answer: (details: AskDetails) => TerminalDecision | Promise<TerminalDecision>) {
	const asked: AskDetails[] = [];
	const terminal: TerminalAuthorizer = {
		authorize: async (details) => {
			asked.push(details);
			return answer(details);
		},
	};
	return { terminal, asked };
}
