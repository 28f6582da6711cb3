/**
 * Owns: the heartbeat record a serving session keeps fresh (`serving/<session>.json`: session id, pid, refresh time),
 * its throttled writer, and the classification of a record as alive, absent, stale or dead_pid.
 * Never: lives inside `sessions/`, so liveness never interferes with the inbox cleanup ordering.
 */
import type { AuthorityLog } from "../authority-log";
import type { Clock } from "../clock";
import type { ForwardingLayout } from "../forwarding/forwarding-layout";
import type { ForwardingStore } from "../forwarding/forwarding-store";

export const SERVING_HEARTBEAT_REFRESH_MS = 1000;
export const SERVING_HEARTBEAT_STALE_MS = 5000;
const MAX_HEARTBEAT_BYTES = 4096;

export interface HeartbeatRecord {
	readonly sessionId: string;
	readonly pid: number;
	readonly updatedAt: number;
}

export type LivenessState = "alive" | "absent" | "stale" | "dead_pid";

/** Whether a process exists. Must not throw; an unknowable answer is `true` (staleness still applies). */
export type PidProbe = (pid: number) => boolean;

export function readHeartbeatRecord(value: unknown): HeartbeatRecord | null {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
	const record = value as Readonly<Record<string, unknown>>;
	const { sessionId, pid, updatedAt } = record;
	if (typeof sessionId !== "string" || sessionId === "") return null;
	if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return null;
	if (typeof updatedAt !== "number" || !Number.isFinite(updatedAt)) return null;
	return { sessionId, pid, updatedAt };
}

/** Classifies one record read at `now` (the reader's clock). A record from the future counts as fresh. */
export function classifyHeartbeat(
	record: HeartbeatRecord | null,
	now: number,
	isPidAlive: PidProbe,
	staleMs: number = SERVING_HEARTBEAT_STALE_MS,
): LivenessState {
	if (record === null) return "absent";
	if (!isPidAlive(record.pid)) return "dead_pid";
	return now - record.updatedAt > staleMs ? "stale" : "alive";
}

export class HeartbeatStore {
	private lastWrite = Number.NEGATIVE_INFINITY;

	constructor(
		private readonly deps: {
			readonly store: ForwardingStore;
			readonly layout: ForwardingLayout;
			readonly clock: Clock;
			readonly log: AuthorityLog;
			readonly pid: number;
			readonly refreshMs?: number;
		},
	) {}

	/** Refreshes the record of `sessionId` unless it was refreshed within the refresh period. Never throws. */
	async refresh(sessionId: string): Promise<void> {
		const { store, layout, clock, log, pid } = this.deps;
		const now = clock.now();
		if (now - this.lastWrite < (this.deps.refreshMs ?? SERVING_HEARTBEAT_REFRESH_MS)) return;
		this.lastWrite = now;
		const dirs = await store.ensurePrivateDirectories([layout.root, layout.servingDir]);
		const written = dirs.ok
			? await store.writeJsonAtomic(layout.heartbeatFile(sessionId), { sessionId, pid, updatedAt: now })
			: dirs;
		if (!written.ok) log.event("permission_forwarding.error", { sessionId, reason: written.error });
	}

	/** Removes the record (serving stopped). Never throws. */
	async withdraw(sessionId: string): Promise<void> {
		this.lastWrite = Number.NEGATIVE_INFINITY;
		await this.deps.store.remove(this.deps.layout.heartbeatFile(sessionId));
	}

	/**
	 * Removes the records of processes that are gone (a parent killed without cleanup leaves one behind). Run once per
	 * session by a serving session. Never throws; returns how many it removed.
	 */
	async sweepDead(isPidAlive: PidProbe): Promise<number> {
		const { store, layout } = this.deps;
		let removed = 0;
		for (const name of await store.listJson(layout.servingDir)) {
			const file = `${layout.servingDir}/${name}`;
			const read = await store.readJson(file, MAX_HEARTBEAT_BYTES);
			const record = read.kind === "value" ? readHeartbeatRecord(read.value) : null;
			if (record !== null && isPidAlive(record.pid)) continue;
			if (read.kind === "missing") continue;
			if ((await store.remove(file)).ok) removed += 1;
		}
		return removed;
	}

	/** Reads the record of `sessionId`; `null` when missing or unusable. Never throws. */
	async read(sessionId: string): Promise<HeartbeatRecord | null> {
		const read = await this.deps.store.readJson(this.deps.layout.heartbeatFile(sessionId), MAX_HEARTBEAT_BYTES);
		if (read.kind !== "value") return null;
		const record = readHeartbeatRecord(read.value);
		return record !== null && record.sessionId === sessionId ? record : null;
	}
}
