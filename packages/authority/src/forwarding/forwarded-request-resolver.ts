/**
 * Owns: resolving one forwarded request like a local ask: the parent's recorded policy first (from the child-fixed
 * facts, under the requester's agent), then this node's chain and terminal on `ask` or missing facts, with the
 * escalation abandoned (and its prompt signalled) when the requester withdraws or the serving bound passes.
 * Never: re-derives the child's facts, or puts the requester's cwd or principal on the escalated ask.
 */
import { buildForwardedAskPayload, type ForwardingProvenance } from "@pi-permissions/presentation";
import type { AuthorityLog } from "../authority-log";
import type { AskDetails, PermissionCheck, PolicyLookup, TerminalDecision } from "../chain/authorizer";
import { gateErrorDecision, unavailableDecision } from "../chain/authorizer";
import type { Clock } from "../clock";
import type { ForwardedAccessIntent, ForwardedRequest } from "./forwarded-request";

export interface ForwardedResolution {
	readonly decision: TerminalDecision;
	readonly via: "policy" | "escalated";
}

export interface ForwardedRequestResolverDeps {
	readonly query: PolicyLookup;
	/** This node's chain and terminal (an `ChainEscalator`). Must not reject. */
	readonly escalator: { escalate(details: AskDetails): Promise<TerminalDecision> };
	readonly log: AuthorityLog;
	readonly clock: Clock;
	/** How often a pending escalation checks that its requester still waits. */
	readonly pollIntervalMs: number;
	/** The longest an escalation is awaited (`forwardingTimeoutMs`; the requester gives up then anyway). */
	readonly escalationTimeoutMs: number;
	/** This session's yolo over a forwarded ask its policy left open (see {@link ForwardedYolo}); absent: none. */
	readonly forwardedYolo?: ForwardedYolo;
}

/**
 * Settles a forwarded ask the recorded policy left open the way this session's yolo settles its own asks (a floor
 * included, by ADR 0023's table), or `null` when yolo is off or the ask is not one yolo settles (a person decides).
 * Must not throw; a throw puts the ask to a person.
 */
export type ForwardedYolo = (request: ForwardedRequest) => TerminalDecision | null;

/** Whether the requester still awaits the answer. Must not throw. */
type StillWaiting = () => Promise<boolean>;

type Outcome = { readonly from: "escalation" | "watch"; readonly decision: TerminalDecision | null };

export class ForwardedRequestResolver {
	constructor(private readonly deps: ForwardedRequestResolverDeps) {}

	async resolve(request: ForwardedRequest, stillWaiting: StillWaiting): Promise<ForwardedResolution> {
		const intent = request.accessIntent;
		// Seed 000, "Subagent permission forwarding": the requester's agent policy decides, so it is loaded before the
		// first ask of that agent is judged (not after, which would put its first ask to a human under the wrong rules).
		await this.preparePolicy(intent?.principal.agentName ?? request.requesterAgentName);
		if (intent !== null) {
			const decided = this.fromPolicy(request.id, intent);
			if (decided !== null) return { decision: decided, via: "policy" };
		}
		const yolo = this.fromYolo(request);
		if (yolo !== null) return { decision: yolo, via: "policy" };
		// `ask`, an unattributed allow, or no well-formed facts: the ask goes to this node's live authority.
		this.deps.log.event("forwarded_permission.prompted", { requestId: request.id, hasFacts: intent !== null });
		const forwarding: ForwardingProvenance = {
			requesterAgentName: request.requesterAgentName,
			requesterSessionId: request.requesterSessionId,
		};
		const details: AskDetails = {
			requestId: request.id,
			payload: buildForwardedAskPayload({ child: request.payload, forwarding }),
			// Only the facts reach the ask: requesterCwd and the principal stay on the wire object.
			access:
				intent === null
					? null
					: { surface: intent.surface, matchValues: intent.matchValues, boundaryValue: intent.boundaryValue },
			agentName: intent?.principal.agentName ?? request.requesterAgentName,
			forwarding,
		};
		return { decision: await this.escalate(details, stillWaiting), via: "escalated" };
	}

	private async preparePolicy(agentName: string | null): Promise<void> {
		try {
			await this.deps.query.preparePolicy?.(agentName);
		} catch (error) {
			// A policy that failed to load leaves the ask to a human (more prompting, never less).
			this.deps.log.event("permission_forwarding.warning", {
				reason: `loading the agent policy failed: ${String(error)}`,
			});
		}
	}

	/** ADR 0036: the serving session's yolo applies to a forwarded ask exactly as to its own. */
	private fromYolo(request: ForwardedRequest): TerminalDecision | null {
		let decided: TerminalDecision | null;
		try {
			decided = this.deps.forwardedYolo?.(request) ?? null;
		} catch {
			return null;
		}
		if (decided !== null) {
			this.deps.log.event(
				decided.verdict === "allow" ? "forwarded_permission.auto_approved" : "forwarded_permission.auto_denied",
				{
					requestId: request.id,
					pattern: decided.decidedBy.kind === "yolo" ? decided.decidedBy.pattern : null,
				},
			);
		}
		return decided;
	}

	/** The recorded policy's final answer, or `null` when live authority must decide. */
	private fromPolicy(requestId: string, intent: ForwardedAccessIntent): TerminalDecision | null {
		const { query, log } = this.deps;
		let check: PermissionCheck;
		try {
			check = query.resolveForwarded(intent, intent.principal.agentName);
		} catch (error) {
			return gateErrorDecision(`resolving the forwarded ask failed: ${String(error)}`);
		}
		if (check.state === "deny") {
			log.event("forwarded_permission.auto_denied", { requestId, pattern: check.matchedPattern });
			const pattern = check.matchedPattern ?? "*";
			const decidedBy = { kind: "rule", surface: intent.surface, pattern, origin: check.origin ?? "builtin" } as const;
			return { verdict: "deny", reason: check.reason ?? null, unavailable: false, decidedBy };
		}
		if (check.state === "allow" && check.matchedPattern !== null && check.origin !== null) {
			log.event("forwarded_permission.auto_approved", { requestId, pattern: check.matchedPattern });
			const decidedBy =
				check.origin === "yolo"
					? ({ kind: "yolo", pattern: check.matchedPattern } as const)
					: ({ kind: "rule", surface: intent.surface, pattern: check.matchedPattern, origin: check.origin } as const);
			return { verdict: "allow", scope: "once", decidedBy };
		}
		return null;
	}

	private async escalate(details: AskDetails, stillWaiting: StillWaiting): Promise<TerminalDecision> {
		const cancel = new AbortController();
		const settled = new AbortController();
		const escalation = this.deps.escalator
			.escalate({ ...details, signal: cancel.signal })
			.catch((error: unknown) => gateErrorDecision(`escalating the forwarded ask failed: ${String(error)}`))
			.finally(() => settled.abort());
		const first = await Promise.race<Outcome>([
			escalation.then((decision) => ({ from: "escalation", decision })),
			this.watch(details.requestId, stillWaiting, settled.signal).then((decision) => ({ from: "watch", decision })),
		]);
		if (first.decision !== null && first.from === "watch") {
			cancel.abort();
			return first.decision;
		}
		return first.decision ?? escalation;
	}

	/** Resolves `null` once the escalation settles, or a decision when its requester is gone or the bound passed. */
	private async watch(
		requestId: string,
		stillWaiting: StillWaiting,
		settled: AbortSignal,
	): Promise<TerminalDecision | null> {
		const { clock, pollIntervalMs, escalationTimeoutMs, log } = this.deps;
		const start = clock.now();
		for (;;) {
			await clock.sleep(pollIntervalMs, settled);
			if (settled.aborted) return null;
			if (!(await stillWaiting())) {
				log.event("permission_forwarding.warning", {
					requestId,
					reason: "the requester withdrew while its ask was open",
				});
				return unavailableDecision("the requester withdrew its ask");
			}
			if (clock.now() - start >= escalationTimeoutMs) {
				return unavailableDecision(`no answer within ${escalationTimeoutMs} ms on the serving session`);
			}
		}
	}
}
