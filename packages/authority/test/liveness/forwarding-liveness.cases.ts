/** Corpus rows `forwarding.liveness` (facts copied from the reference cases). */
import type { HeartbeatRecord, LivenessState } from "../../src/liveness/serving-heartbeat";

export const NOW = 10_000_000;

export interface LivenessCase {
	readonly id: string;
	readonly record: HeartbeatRecord | null;
	readonly pidAlive: boolean;
	readonly state: LivenessState;
	/** Whether a child waiting on this target gives up after the grace (else it waits up to the timeout). */
	readonly abandonsAfterGrace: boolean;
}

export const LIVENESS_CASES: readonly LivenessCase[] = [
	{ id: "PP-304", record: null, pidAlive: true, state: "absent", abandonsAfterGrace: true },
	{
		id: "PP-305",
		record: { sessionId: "p", pid: 42, updatedAt: NOW - 500 },
		pidAlive: true,
		state: "alive",
		abandonsAfterGrace: false,
	},
	{
		id: "PP-306",
		record: { sessionId: "p", pid: 42, updatedAt: NOW - 5001 },
		pidAlive: true,
		state: "stale",
		abandonsAfterGrace: true,
	},
	{
		id: "PP-307",
		record: { sessionId: "p", pid: 42, updatedAt: NOW - 10 },
		pidAlive: false,
		state: "dead_pid",
		abandonsAfterGrace: true,
	},
];
