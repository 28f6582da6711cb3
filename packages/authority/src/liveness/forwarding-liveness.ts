/**
 * Owns: answering "is anyone serving this target right now?" for a waiting child, from the in-process registry or
 * the heartbeat file, robust to clock skew between the two processes.
 * Never: decides how long to wait; the parent authorizer applies the grace and the timeout.
 */
import type { Clock } from "../clock";
import { classifyHeartbeat, type HeartbeatStore, type LivenessState, type PidProbe } from "./serving-heartbeat";
import type { ServingRegistry } from "./serving-registry";

export class ForwardingLivenessJudge {
	/** Per target: the last `updatedAt` seen, and when (on this clock) it last changed; `null` until it has changed. */
	private readonly observed = new Map<string, { updatedAt: number; changedAt: number | null }>();

	/** The last judgement per target and when it was made, reused for `reuseMs`. */
	private readonly recent = new Map<string, { readonly at: number; readonly state: Promise<LivenessState> }>();

	constructor(
		private readonly deps: {
			readonly servingRegistry: ServingRegistry;
			readonly heartbeats: HeartbeatStore;
			readonly clock: Clock;
			readonly isPidAlive: PidProbe;
			readonly staleMs: number;
			/** A judgement younger than this is reused, so many waiting asks cost one heartbeat read. */
			readonly reuseMs?: number;
		},
	) {}

	/** Never throws. */
	judge(targetSessionId: string): Promise<LivenessState> {
		const now = this.deps.clock.now();
		const recent = this.recent.get(targetSessionId);
		if (recent !== undefined && now - recent.at < (this.deps.reuseMs ?? 0)) return recent.state;
		const state = this.judgeNow(targetSessionId);
		this.recent.set(targetSessionId, { at: now, state });
		return state;
	}

	private async judgeNow(targetSessionId: string): Promise<LivenessState> {
		const { servingRegistry, heartbeats, clock, isPidAlive, staleMs } = this.deps;
		if (servingRegistry.isServing(targetSessionId)) return "alive";
		const record = await heartbeats.read(targetSessionId);
		const now = clock.now();
		const state = classifyHeartbeat(record, now, isPidAlive, staleMs);
		if (state !== "stale" || record === null) return state;
		// A parent whose clock runs behind writes old-looking times; a record that keeps changing is alive anyway,
		// judged on this process's own clock.
		const previous = this.observed.get(targetSessionId);
		if (previous === undefined) {
			this.observed.set(targetSessionId, { updatedAt: record.updatedAt, changedAt: null });
			return "stale";
		}
		if (previous.updatedAt !== record.updatedAt) {
			this.observed.set(targetSessionId, { updatedAt: record.updatedAt, changedAt: now });
			return "alive";
		}
		return previous.changedAt !== null && now - previous.changedAt <= staleMs ? "alive" : "stale";
	}
}
