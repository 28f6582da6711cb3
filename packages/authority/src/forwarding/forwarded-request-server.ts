/**
 * Owns: serving this session's inbox: each request is resolved like a local ask (recorded policy first, then this
 * node's chain and terminal on `ask` or missing facts) and answered with a response naming its decider, signed with
 * this process's key over the request's id, nonce and the digest of the bytes it read (ADR 0046).
 * Never: approves a request it could not read whole, crashes on one, or resolves without the child-fixed facts.
 */
import type { AuthorityLog } from "../authority-log";
import type { PolicyLookup, TerminalDecision } from "../chain/authorizer";
import { decisionState, gateErrorDecision } from "../chain/authorizer";
import type { Clock } from "../clock";
import type { PidProbe } from "../liveness/serving-heartbeat";
import type { SubagentLookup } from "../subagent/subagent-registry";
import type { AnswerSigningKey } from "./answer-key";
import { type ForwardedRequest, readForwardedRequest, readRequestNonce } from "./forwarded-request";
import {
	ForwardedRequestResolver,
	type ForwardedRequestResolverDeps,
	type ForwardedResolution,
	type ForwardedYolo,
} from "./forwarded-request-resolver";
import { type ForwardingLayout, isSafeRequestId } from "./forwarding-layout";
import type { ForwardingStore } from "./forwarding-store";
import { textDigest } from "./request-identity";
import { type AnswerBody, SIGNED_ANSWER_FORMAT, signAnswer } from "./signed-answer";

const DEFAULT_MAX_REQUEST_BYTES = 1_048_576;

/**
 * Told once of each forwarded request this session put to its live authority (chain and terminal), with the decision
 * the requester is sent: the serving side publishes it as its own decision for the prompt it showed. Must not throw.
 */
export type ForwardedAnswerListener = (request: ForwardedRequest, decision: TerminalDecision) => void;

interface ForwardedRequestServerDeps {
	/** The serving session: requests addressed to another session are discarded. */
	readonly sessionId: string;
	readonly layout: ForwardingLayout;
	readonly store: ForwardingStore;
	/** This process's key: every response is signed with it, so a child can tell its parent's answers from forgeries. */
	readonly signingKey: AnswerSigningKey;
	readonly clock: Clock;
	readonly log: AuthorityLog;
	readonly query: PolicyLookup;
	readonly escalator: ForwardedRequestResolverDeps["escalator"];
	/** Records a "whole serving session" grant in this session's rules. May throw (logged; the approval stands once). */
	readonly recordServingSessionGrant: (request: ForwardedRequest) => void;
	readonly onForwardedAnswered?: ForwardedAnswerListener;
	readonly forwardedYolo?: ForwardedYolo;
	/**
	 * Writes an "always" answer's grant into this (serving) session's project or global config. May reject (logged);
	 * either way the child records the approval as its own session grant.
	 */
	readonly persistServingGrant?: (request: ForwardedRequest, scope: "project" | "global") => Promise<void>;
	/** Whether a requester process still runs; a dead requester's ask is dropped, never put to the human. */
	readonly isPidAlive: PidProbe;
	/** For the one-hop canary; absent when no in-process registry exists. */
	readonly subagents?: SubagentLookup;
	readonly maxRequestBytes?: number;
	/** How often an open escalation checks that its requester still waits. */
	readonly pollIntervalMs: number;
	/** The longest an escalation is awaited (`forwardingTimeoutMs`). */
	readonly escalationTimeoutMs: number;
}

/** What the signed answer binds it to: the request's nonce and the digest of its bytes, as this server read them. */
interface RequestBinding {
	readonly nonce: string | null;
	readonly requestDigest: string | null;
}

const UNREAD: RequestBinding = { nonce: null, requestDigest: null };

export class ForwardedRequestServer {
	private readonly resolver: ForwardedRequestResolver;

	constructor(private readonly deps: ForwardedRequestServerDeps) {
		this.resolver = new ForwardedRequestResolver({
			query: deps.query,
			escalator: deps.escalator,
			log: deps.log,
			clock: deps.clock,
			pollIntervalMs: deps.pollIntervalMs,
			escalationTimeoutMs: deps.escalationTimeoutMs,
			...(deps.forwardedYolo === undefined ? {} : { forwardedYolo: deps.forwardedYolo }),
		});
	}

	/** Drains the inbox once, serially, oldest name first. Returns how many requests were handled. Never rejects. */
	async processInbox(): Promise<number> {
		const { layout, store, sessionId, log } = this.deps;
		// SECURITY: a symlinked inbox (or any level above it) is refused before anything in it is read.
		const dirs = await store.ensurePrivateDirectories(layout.inboxDirectories(sessionId));
		if (!dirs.ok) {
			log.event("permission_forwarding.error", { sessionId, reason: dirs.error });
			return 0;
		}
		const names = await store.listJson(layout.inbox(sessionId).requests);
		let handled = 0;
		for (const name of names) {
			try {
				if (await this.processFile(name)) handled += 1;
			} catch (error) {
				log.event("permission_forwarding.error", { file: name, reason: String(error) });
			}
		}
		return handled;
	}

	private async processFile(name: string): Promise<boolean> {
		const { layout, store, sessionId, log } = this.deps;
		const stem = name.slice(0, -".json".length);
		const file = `${layout.inbox(sessionId).requests}/${name}`;
		if (!isSafeRequestId(stem)) {
			await store.remove(file);
			log.event("forwarded_permission.rejected", { file: name, reason: "the file name is not a request id" });
			return true;
		}
		const read = await store.readJson(file, this.deps.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES);
		if (read.kind === "missing") return false;
		if (read.kind === "unreadable") return this.reject(stem, file, read.reason, UNREAD);
		// INVARIANT: the request is decided from the very bytes the answer names, read once.
		const binding = { nonce: readRequestNonce(read.value), requestDigest: textDigest(read.text) };
		const parsed = readForwardedRequest(read.value);
		if (!parsed.ok) return this.reject(stem, file, parsed.error, binding);
		const request = parsed.value;
		// SECURITY: the id inside must be the file's own, or one request could answer for another.
		if (request.id !== stem)
			return this.reject(stem, file, `the request id \`${request.id}\` differs from its file name`, binding);
		if (binding.nonce === null) return this.reject(stem, file, "the request has no usable `nonce`", binding);
		if (request.targetSessionId !== sessionId) {
			await store.remove(file);
			log.event("permission_forwarding.warning", {
				requestId: stem,
				reason: `addressed to session ${request.targetSessionId}, not this one`,
			});
			return true;
		}
		this.canary(request);
		const stillWaiting = async () =>
			(request.requesterPid === null || this.deps.isPidAlive(request.requesterPid)) &&
			(await store.entryKind(file)) !== "missing";
		if (!(await stillWaiting())) return this.drop(stem, file);
		let resolution: ForwardedResolution;
		try {
			resolution = await this.resolver.resolve(request, stillWaiting);
		} catch (error) {
			// INVARIANT: a request is answered and removed whatever happens, or the next drain would ask again forever.
			return this.reject(stem, file, `serving failed: ${String(error)}`, binding);
		}
		// Seed 000 ("Cross-extension API", pairing): every prompt shown gets one decision on the serving session's bus,
		// a forwarded one included, so the parent's listeners see how the ask they were shown ended.
		if (resolution.via === "escalated") this.announceAnswer(request, resolution.decision);
		if (!(await stillWaiting())) return this.drop(stem, file);
		const decision = await this.persistAlways(request, resolution.decision);
		await this.respond(stem, file, this.recordServingSessionGrant(request, decision), resolution.via, binding);
		return true;
	}

	private announceAnswer(request: ForwardedRequest, decision: TerminalDecision): void {
		try {
			this.deps.onForwardedAnswered?.(request, decision);
		} catch (error) {
			this.deps.log.event("permission_forwarding.error", {
				requestId: request.id,
				reason: `announcing the answer failed: ${String(error)}`,
			});
		}
	}

	/** Removes the ask of a requester that withdrew or died; nobody would read an answer. */
	private async drop(requestId: string, file: string): Promise<boolean> {
		await this.deps.store.remove(file);
		this.deps.log.event("permission_forwarding.warning", {
			requestId,
			reason: "the requester is gone; its ask is dropped",
		});
		return true;
	}

	/**
	 * An "always" answer is written to the serving session's own files (ADR 0032); the child sees a session approval,
	 * so it stops asking at once whether or not the write succeeded.
	 */
	private async persistAlways(request: ForwardedRequest, decision: TerminalDecision): Promise<TerminalDecision> {
		if (decision.verdict !== "allow" || (decision.scope !== "always-project" && decision.scope !== "always-global")) {
			return decision;
		}
		try {
			await this.deps.persistServingGrant?.(request, decision.scope === "always-project" ? "project" : "global");
		} catch (error) {
			this.deps.log.event("permission_forwarding.error", {
				requestId: request.id,
				reason: `persisting the grant failed: ${String(error)}`,
			});
		}
		return { ...decision, scope: "requester-session" };
	}

	/** A whole-serving-session grant becomes this session's rule; the child then sees a plain approval. */
	private recordServingSessionGrant(request: ForwardedRequest, decision: TerminalDecision): TerminalDecision {
		if (decision.verdict !== "allow" || decision.scope !== "serving-session") return decision;
		try {
			this.deps.recordServingSessionGrant(request);
			this.deps.log.event("forwarded_permission.session_recorded", { requestId: request.id });
		} catch (error) {
			this.deps.log.event("permission_forwarding.error", {
				requestId: request.id,
				reason: `recording the grant failed: ${String(error)}`,
			});
		}
		return { ...decision, scope: "once" };
	}

	private canary(request: ForwardedRequest): void {
		const parent = this.deps.subagents?.get(request.requesterSessionId)?.parentSessionId;
		if (parent !== undefined && parent !== null && parent !== this.deps.sessionId) {
			this.deps.log.event("permission_forwarding.warning", {
				requestId: request.id,
				reason: `one-hop invariant violated: requester ${request.requesterSessionId} belongs to ${parent}, served by ${this.deps.sessionId}`,
			});
		}
	}

	/** Answers a request that could not be read whole: always a deny, attributed to `gate_error`. */
	private async reject(requestId: string, file: string, reason: string, binding: RequestBinding): Promise<boolean> {
		this.deps.log.event("forwarded_permission.rejected", { requestId, reason });
		const decision = gateErrorDecision(`the forwarded request was rejected: ${reason}`);
		await this.respond(requestId, file, decision, "rejected", binding);
		return true;
	}

	private async respond(
		requestId: string,
		requestFile: string,
		decision: TerminalDecision,
		via: ForwardedResolution["via"] | "rejected",
		binding: RequestBinding,
	): Promise<void> {
		const { layout, store, sessionId, clock, log } = this.deps;
		// The requester withdraws its request when it gives up; answering then would leave an orphan response.
		if ((await store.entryKind(requestFile)) === "missing") {
			log.event("permission_forwarding.warning", { requestId, reason: "the requester withdrew before the answer" });
			return;
		}
		// Recreated on demand: the responses directory may have been deleted while serving. (The levels above it were
		// checked at the start of this drain.)
		const dirs = await store.ensurePrivateDirectories([layout.inbox(sessionId).responses]);
		const response: AnswerBody = {
			format: SIGNED_ANSWER_FORMAT,
			requestId,
			nonce: binding.nonce,
			requestDigest: binding.requestDigest,
			responderSessionId: sessionId,
			approved: decision.verdict === "allow",
			state: decisionState(decision),
			denialReason: decision.verdict === "deny" ? decision.reason : null,
			respondedAt: clock.now(),
			decidedBy: decision.decidedBy,
		};
		const signed = signAnswer(response, this.deps.signingKey);
		const written = dirs.ok ? await store.writeJsonAtomic(layout.responseFile(sessionId, requestId), signed) : dirs;
		if (!written.ok) log.event("permission_forwarding.error", { requestId, reason: written.error });
		else
			log.event("forwarded_permission.responded", {
				requestId,
				state: response.state,
				via,
				decidedBy: decision.decidedBy.kind,
			});
		await store.remove(requestFile);
	}
}
