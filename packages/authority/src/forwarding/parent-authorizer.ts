/**
 * Owns: the terminal of a subagent: write the ask (complete payload + child-fixed facts) to the serving session's
 * inbox, wait for the response within the grace and the timeout, and attribute the answer to `forwarded`.
 * Never: waits unbounded or reports an abandonment as a user denial; every give-up is `confirmation_unavailable`
 * with a reason naming the path, and the request is withdrawn so a late answer cannot arrive.
 */
import type { AuthorityLog } from "../authority-log";
import type { AskDetails, TerminalAuthorizer, TerminalDecision } from "../chain/authorizer";
import { unavailableDecision } from "../chain/authorizer";
import type { Clock } from "../clock";
import type { IdGenerator } from "../ids";
import type { LivenessState } from "../liveness/serving-heartbeat";
import type { ForwardingTarget } from "../subagent/forwarding-target";
import type { ForwardedRequest } from "./forwarded-request";
import { type ForwardedResponse, readForwardedResponse } from "./forwarded-response";
import { type ForwardingLayout, isSafeRequestId } from "./forwarding-layout";
import type { ForwardingStore } from "./forwarding-store";
import { ResponseMailbox } from "./response-mailbox";

export const PERMISSION_FORWARDING_POLL_INTERVAL_MS = 250;
export const PERMISSION_FORWARDING_TIMEOUT_MS = 600_000;
export const PERMISSION_FORWARDING_SERVING_GRACE_MS = 2000;
const MAX_RESPONSE_BYTES = 65_536;

interface ParentAuthorizerDeps {
	/** Where asks go; `null` when no parent could be resolved (every ask is then unavailable). */
	readonly target: ForwardingTarget | null;
	/** This (child) session. */
	readonly self: {
		readonly sessionId: string;
		readonly agentName: string | null;
		readonly cwd: string;
		readonly pid: number;
	};
	readonly layout: ForwardingLayout;
	readonly store: ForwardingStore;
	readonly liveness: { judge(targetSessionId: string): Promise<LivenessState> };
	readonly clock: Clock;
	readonly ids: IdGenerator;
	readonly log: AuthorityLog;
	readonly pollIntervalMs: number;
	/** `forwardingTimeoutMs`: the longest any ask waits, even for a live parent. */
	readonly timeoutMs: number;
	/** How long nobody may be serving before the child gives up. */
	readonly graceMs: number;
}

export class ParentAuthorizer implements TerminalAuthorizer {
	private readonly open = new Set<string>();
	private readonly mailbox: ResponseMailbox;

	constructor(private readonly deps: ParentAuthorizerDeps) {
		this.mailbox = new ResponseMailbox(deps.store, deps.clock, deps.pollIntervalMs);
	}

	async authorize(details: AskDetails): Promise<TerminalDecision> {
		const { target, ids } = this.deps;
		if (target === null) {
			return unavailableDecision(
				"no parent session to forward to: neither the subagent registry nor PI_AGENT_ROUTER_PARENT_SESSION_ID / PI_SUBAGENT_PARENT_SESSION names one",
			);
		}
		const dirs = await this.deps.store.ensurePrivateDirectories(this.deps.layout.inboxDirectories(target.sessionId));
		if (!dirs.ok) return this.abandon(ids.next(), target.sessionId, `cannot use the forwarding inbox: ${dirs.error}`);
		const id = await this.fileId(details.requestId, target.sessionId);
		try {
			return await this.forward(id, target, details);
		} finally {
			this.open.delete(id);
		}
	}

	/**
	 * The requester's id when it can safely name a file nobody else is using; otherwise a fresh one. An id from the
	 * requester may have come off disk at a relay hop, and sibling processes may pick the same one.
	 */
	private async fileId(requestId: string, targetSessionId: string): Promise<string> {
		const { store, layout, ids } = this.deps;
		if (!isSafeRequestId(requestId) || this.open.has(requestId)) return this.reserve(ids.next());
		// SECURITY: reserve before the first await, so a concurrent ask with the same id cannot pick it too.
		this.open.add(requestId);
		const request = await store.entryKind(layout.requestFile(targetSessionId, requestId));
		// SECURITY: a leftover or a sibling's response under this id must never answer this ask.
		const response = await store.entryKind(layout.responseFile(targetSessionId, requestId));
		if (request === "missing" && response === "missing") return requestId;
		this.open.delete(requestId);
		return this.reserve(ids.next());
	}

	private reserve(id: string): string {
		this.open.add(id);
		return id;
	}

	private async forward(id: string, target: ForwardingTarget, details: AskDetails): Promise<TerminalDecision> {
		const { layout, store, log } = this.deps;
		const requestFile = layout.requestFile(target.sessionId, id);
		const written = await store.writeJsonAtomic(requestFile, this.request(id, target.sessionId, details));
		if (!written.ok) return this.abandon(id, target.sessionId, `cannot write the request: ${written.error}`);
		log.event("forwarded_permission.request_created", {
			requestId: id,
			askId: details.requestId,
			targetSessionId: target.sessionId,
			targetSource: target.source,
		});
		return this.await(id, target.sessionId);
	}

	private request(id: string, targetSessionId: string, details: AskDetails): ForwardedRequest {
		const { self, clock } = this.deps;
		// The ask's own agent (the one active when the call was made) wins over the agent known at session start.
		const agentName = details.agentName ?? self.agentName;
		return {
			id,
			createdAt: clock.now(),
			requesterSessionId: self.sessionId,
			targetSessionId,
			requesterAgentName: agentName,
			requesterPid: self.pid,
			payload: details.payload,
			accessIntent:
				// SECURITY: floored facts would let the serving session pass by rule what the floor raised to ask.
				details.access === null || details.access.floored === true
					? null
					: {
							surface: details.access.surface,
							matchValues: details.access.matchValues,
							boundaryValue: details.access.boundaryValue,
							requesterCwd: self.cwd,
							principal: { sessionId: self.sessionId, agentName },
						},
		};
	}

	private async await(id: string, targetSessionId: string): Promise<TerminalDecision> {
		const { layout, store, clock, liveness, log, pollIntervalMs, timeoutMs, graceMs } = this.deps;
		const responseFile = layout.responseFile(targetSessionId, id);
		const start = clock.now();
		let lastServedAt = start;
		for (;;) {
			const arrived = await this.mailbox.hasArrived(layout.inbox(targetSessionId).responses, id);
			const read = arrived ? await store.readJson(responseFile, MAX_RESPONSE_BYTES) : ({ kind: "missing" } as const);
			if (read.kind === "unreadable")
				return this.abandon(id, targetSessionId, `the response is unusable: ${read.reason}`);
			if (read.kind === "value") {
				const response = readForwardedResponse(read.value, id, clock.now());
				if (!response.ok)
					return this.abandon(
						id,
						targetSessionId,
						`the response at \`${responseFile}\` is unusable: ${response.error}`,
					);
				await this.withdraw(id, targetSessionId);
				log.event("forwarded_permission.response_received", {
					requestId: id,
					state: response.value.state,
					responderSessionId: response.value.responderSessionId,
				});
				return toDecision(response.value, id, targetSessionId, responseFile);
			}
			const state = await liveness.judge(targetSessionId);
			const now = clock.now();
			if (state === "alive") lastServedAt = now;
			else if (now - lastServedAt >= graceMs) {
				log.event("forwarded_permission.no_serving_session", {
					requestId: id,
					targetSessionId,
					liveness: state,
					requestsDir: layout.inbox(targetSessionId).requests,
					heartbeatFile: layout.heartbeatFile(targetSessionId),
				});
				// The agent-facing reason names no internal path; the log line above has them.
				return this.abandon(id, targetSessionId, `no session is serving this subagent's asks (heartbeat ${state})`);
			}
			if (now - start >= timeoutMs) {
				log.event("forwarded_permission.response_timed_out", {
					requestId: id,
					targetSessionId,
					timeoutMs,
					inboxDir: layout.inbox(targetSessionId).dir,
				});
				return this.abandon(id, targetSessionId, `no answer within ${timeoutMs} ms from the serving session`);
			}
			await clock.sleep(Math.max(0, Math.min(pollIntervalMs, start + timeoutMs - now)));
		}
	}

	private async abandon(id: string, targetSessionId: string, reason: string): Promise<TerminalDecision> {
		await this.withdraw(id, targetSessionId);
		this.deps.log.event("permission_forwarding.warning", { requestId: id, targetSessionId, reason });
		return unavailableDecision(reason);
	}

	/** Removes the request first, then any response, so a server never answers into a file nobody reads. */
	private async withdraw(id: string, targetSessionId: string): Promise<void> {
		const { store, layout } = this.deps;
		await store.remove(layout.requestFile(targetSessionId, id));
		await store.remove(layout.responseFile(targetSessionId, id));
	}
}

function toDecision(response: ForwardedResponse, id: string, targetSessionId: string, file: string): TerminalDecision {
	// SECURITY: our servers always name their decider; a response without one is not trusted to approve.
	if (response.decidedBy === null) {
		return unavailableDecision(
			`the response at \`${file}\` for request ${id} from ${targetSessionId} names no decider`,
		);
	}
	const decidedBy = {
		kind: "forwarded",
		responderSessionId: response.responderSessionId,
		decision: response.decidedBy,
	} as const;
	if (response.approved) {
		return {
			verdict: "allow",
			scope: response.state === "approved_for_session" ? "requester-session" : "once",
			decidedBy,
		};
	}
	return {
		verdict: "deny",
		reason: response.denialReason,
		unavailable: response.state === "confirmation_unavailable",
		decidedBy,
	};
}
