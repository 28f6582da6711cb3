/**
 * Owns: the terminal of a subagent: write the ask (complete payload + child-fixed facts, under a random id and nonce)
 * to the serving session's inbox, wait within the grace and the timeout for an answer signed by the parent's key for
 * exactly that request, and attribute it to `forwarded`; every other file found in its place is recorded as a forgery.
 * Never: waits unbounded, acts on an answer it did not verify, or reports an abandonment as a user denial; every
 * give-up is `confirmation_unavailable` with a reason, and the request is withdrawn so a late answer cannot arrive.
 */
import type { KeyObject } from "node:crypto";
import type { AuthorityLog } from "../authority-log";
import type { AskDetails, TerminalAuthorizer, TerminalDecision } from "../chain/authorizer";
import { unavailableDecision } from "../chain/authorizer";
import type { Clock } from "../clock";
import type { LivenessState } from "../liveness/serving-heartbeat";
import type { ForwardingTarget } from "../subagent/forwarding-target";
import { FORGERY_KINDS, type ForgeryKind } from "./forgery-kind";
import type { ForwardedRequest } from "./forwarded-request";
import { forwardedDecision } from "./forwarded-response";
import type { ForwardingLayout } from "./forwarding-layout";
import type { ForwardingStore } from "./forwarding-store";
import { freshRequestIdentity, type RequestIdentity, textDigest } from "./request-identity";
import { ResponseMailbox } from "./response-mailbox";
import { type AnswerExpectation, openSignedAnswer } from "./signed-answer";

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
	/** The public keys the target's answers may be signed with (see `ParentAnswerKeys`). Must not throw. */
	readonly keys: {
		/** Why no answer from `target` could be verified, or `null`. */
		problem(target: ForwardingTarget): string | null;
		/** The keys trusted for `targetSessionId` now. */
		trusted(targetSessionId: string): readonly KeyObject[];
	};
	readonly clock: Clock;
	readonly log: AuthorityLog;
	readonly pollIntervalMs: number;
	/** `forwardingTimeoutMs`: the longest any ask waits, even for a live parent. */
	readonly timeoutMs: number;
	/** How long nobody may be serving before the child gives up. */
	readonly graceMs: number;
}

/** One open ask: where it went, what its answer must name, and what has been found in the answer's place so far. */
interface OpenAsk {
	readonly id: string;
	readonly targetSessionId: string;
	readonly expected: AnswerExpectation;
	/** Digests of the bad files already recorded, so a file that sits there is recorded once. */
	readonly seen: Set<string>;
}

/** What one look at the response file found: nothing (yet), or the end of the wait. */
type Look = { readonly kind: "none" } | { readonly kind: "settled"; readonly decision: TerminalDecision };

export class ParentAuthorizer implements TerminalAuthorizer {
	private readonly mailbox: ResponseMailbox;

	constructor(private readonly deps: ParentAuthorizerDeps) {
		this.mailbox = new ResponseMailbox(deps.store, deps.clock, deps.pollIntervalMs);
	}

	async authorize(details: AskDetails): Promise<TerminalDecision> {
		const { target, log } = this.deps;
		if (target === null) {
			return unavailableDecision(
				"no parent session to forward to: neither the subagent registry nor PI_AGENT_ROUTER_PARENT_SESSION_ID / PI_SUBAGENT_PARENT_SESSION names one",
			);
		}
		// SECURITY: an answer nobody can verify is worth nothing; the ask is not even put to the parent.
		const problem = this.deps.keys.problem(target);
		if (problem !== null) {
			log.event("permission_forwarding.warning", { targetSessionId: target.sessionId, reason: problem });
			return unavailableDecision(problem);
		}
		let identity: RequestIdentity;
		try {
			identity = freshRequestIdentity();
		} catch (error) {
			return unavailableDecision(`no randomness for a request id: ${String(error)}`);
		}
		const dirs = await this.deps.store.ensurePrivateDirectories(this.deps.layout.inboxDirectories(target.sessionId));
		if (!dirs.ok) return this.abandon(identity.id, target.sessionId, `cannot use the forwarding inbox: ${dirs.error}`);
		return this.forward(identity, target, details);
	}

	private async forward(
		identity: RequestIdentity,
		target: ForwardingTarget,
		details: AskDetails,
	): Promise<TerminalDecision> {
		const { layout, store, log } = this.deps;
		const { id, nonce } = identity;
		// INVARIANT: these bytes are what is written and what the answer's digest is checked against (kept in memory,
		// never read back from disk, where anyone could have changed them).
		const text = JSON.stringify({ ...this.request(id, target.sessionId, details), nonce });
		const written = await store.writeTextAtomic(layout.requestFile(target.sessionId, id), text);
		if (!written.ok) return this.abandon(id, target.sessionId, `cannot write the request: ${written.error}`);
		log.event("forwarded_permission.request_created", {
			requestId: id,
			askId: details.requestId,
			targetSessionId: target.sessionId,
			targetSource: target.source,
		});
		const expected = { requestId: id, nonce, requestDigest: textDigest(text), responderSessionId: target.sessionId };
		return this.await({ id, targetSessionId: target.sessionId, expected, seen: new Set() });
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

	private async await(ask: OpenAsk): Promise<TerminalDecision> {
		const { layout, clock, liveness, log, pollIntervalMs, timeoutMs, graceMs } = this.deps;
		const { id, targetSessionId } = ask;
		const start = clock.now();
		let lastServedAt = start;
		for (;;) {
			const look = await this.look(ask);
			if (look.kind === "settled") return look.decision;
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
				return this.abandon(
					id,
					targetSessionId,
					`no session is serving this subagent's asks (heartbeat ${state})${rejected(ask)}`,
				);
			}
			if (now - start >= timeoutMs) {
				log.event("forwarded_permission.response_timed_out", {
					requestId: id,
					targetSessionId,
					timeoutMs,
					inboxDir: layout.inbox(targetSessionId).dir,
				});
				return this.abandon(
					id,
					targetSessionId,
					`no answer within ${timeoutMs} ms from the serving session${rejected(ask)}`,
				);
			}
			await clock.sleep(Math.max(0, Math.min(pollIntervalMs, start + timeoutMs - now)));
		}
	}

	/**
	 * Reads the response file once, if it has arrived, and acts only on what that one read verified (a file replaced
	 * after the read changes nothing). Anything that is not the parent's signed answer to this very request is recorded
	 * as a forgery, and the wait goes on unless the parent itself answered an altered copy of the request.
	 */
	private async look(ask: OpenAsk): Promise<Look> {
		const { layout, store, clock, log } = this.deps;
		const { id, targetSessionId } = ask;
		if (!(await this.mailbox.hasArrived(layout.inbox(targetSessionId).responses, id))) return { kind: "none" };
		const read = await store.readJson(layout.responseFile(targetSessionId, id), MAX_RESPONSE_BYTES);
		if (read.kind === "missing") return { kind: "none" };
		if (read.kind === "unreadable") return this.forgery(ask, "unreadable", { key: read.reason, detail: read.reason });
		const keys = this.deps.keys.trusted(targetSessionId);
		const opened = openSignedAnswer(read.value, ask.expected, keys, clock.now());
		switch (opened.kind) {
			case "forged":
				return this.forgery(ask, opened.forgery, { key: textDigest(read.text), detail: null });
			case "unusable":
				return this.settle(
					await this.abandon(id, targetSessionId, `the parent's signed answer is unusable: ${opened.detail}`),
				);
			case "verified":
				await this.withdraw(id, targetSessionId);
				log.event("forwarded_permission.response_received", {
					requestId: id,
					state: opened.response.state,
					responderSessionId: opened.response.responderSessionId,
				});
				return this.settle(forwardedDecision(opened.response, id, targetSessionId));
			default: {
				const unhandled: never = opened;
				throw new Error(`unhandled answer ${String(unhandled)}`);
			}
		}
	}

	/**
	 * Records a bad file once (`found.key`: the SHA-256 of its bytes, or why it could not be read), then keeps waiting
	 * or fails closed as its kind says.
	 */
	private async forgery(
		ask: OpenAsk,
		forgery: ForgeryKind,
		found: { readonly key: string; readonly detail: string | null },
	): Promise<Look> {
		const { id, targetSessionId } = ask;
		const facts = FORGERY_KINDS[forgery];
		if (!ask.seen.has(found.key)) {
			ask.seen.add(found.key);
			this.deps.log.event("forwarded_permission.forgery", {
				requestId: id,
				targetSessionId,
				forgery,
				reason: found.detail === null ? facts.text : `${facts.text}: ${found.detail}`,
				contentDigest: found.detail === null ? found.key : null,
				responseFile: this.deps.layout.responseFile(targetSessionId, id),
			});
		}
		if (facts.genuineMayFollow) return { kind: "none" };
		return this.settle(await this.abandon(id, targetSessionId, `the parent's answer was refused: ${facts.text}`));
	}

	private settle(decision: TerminalDecision): Look {
		return { kind: "settled", decision };
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

/** The agent-facing suffix counting the forged answers this ask refused. */
function rejected(ask: OpenAsk): string {
	const count = ask.seen.size;
	return count === 0 ? "" : `; ${count} forged answer${count === 1 ? " was" : "s were"} refused`;
}
