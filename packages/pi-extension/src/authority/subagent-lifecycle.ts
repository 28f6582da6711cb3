/**
 * Owns: turning the subagent lifecycle events on Pi's bus (`subagents:child:session-created`, `…:disposed`) into
 * entries of authority's process-global child registry, synchronously (the child binds its extensions right after),
 * and handing `subagents:child:bound` (the child's extensions are bound) to whoever audits that the child is gated.
 * Never: trusts a malformed payload (it is ignored) or decides anything; detection and targets stay in authority.
 */
import { type ChildSession, SubagentRegistry } from "@pi-permissions/authority";

export const CHILD_SESSION_CREATED_CHANNEL = "subagents:child:session-created";
export const CHILD_DISPOSED_CHANNEL = "subagents:child:disposed";
/** Seed 002 ("child-lifecycle"): published after the child's `bindExtensions()` resolved. */
const CHILD_BOUND_CHANNEL = "subagents:child:bound";

/** Where children are recorded (`globalThis` in production). */
interface ChildSessionWriter {
	created(child: ChildSession): void;
	disposed(childSessionId: string): void;
}

/** The writer over authority's process-global child registry on `host`. */
export function childSessionRegistry(host: object): ChildSessionWriter {
	const registry = new SubagentRegistry(host);
	return {
		created: (child) => registry.childSessionCreated(child),
		disposed: (childSessionId) => registry.childDisposed(childSessionId),
	};
}

/** `{ sessionId, parentSessionId?, agentName? }` as a child record, or `null` when the payload is unusable. */
export function readChildCreated(payload: unknown): ChildSession | null {
	const record = fieldsOf(payload);
	const childSessionId = idOf(record?.sessionId);
	if (record === null || childSessionId === null) return null;
	return {
		childSessionId,
		parentSessionId: idOf(record.parentSessionId),
		agentName: idOf(record.agentName),
	};
}

/** The disposed child's id, or `null` when the payload is unusable. */
export function readChildDisposed(payload: unknown): string | null {
	return idOf(fieldsOf(payload)?.sessionId);
}

/** The bus as far as this module needs it; `on` returns the unsubscribe function. */
interface LifecycleBus {
	on(channel: string, handler: (data: unknown) => void): () => void;
}

/** Subscribes `registry` to the lifecycle channels; returns the unsubscribe function. Handlers never throw. */
/** Told of a child whose extensions are bound (`sessionId`, and `agentName` when the spawner says). Must not throw. */
type ChildBoundListener = (child: ChildSession) => void;

export function watchSubagentLifecycle(
	bus: LifecycleBus,
	registry: ChildSessionWriter,
	onBound?: ChildBoundListener,
): () => void {
	const offCreated = bus.on(CHILD_SESSION_CREATED_CHANNEL, (payload) => {
		const child = readChildCreated(payload);
		if (child !== null) registry.created(child);
	});
	const offDisposed = bus.on(CHILD_DISPOSED_CHANNEL, (payload) => {
		const childSessionId = readChildDisposed(payload);
		if (childSessionId !== null) registry.disposed(childSessionId);
	});
	const offBound = bus.on(CHILD_BOUND_CHANNEL, (payload) => {
		const child = readChildCreated(payload);
		if (child === null || onBound === undefined) return;
		try {
			onBound(child);
		} catch {
			// An audit that fails leaves the child as it is; it never changes a decision.
		}
	});
	return () => {
		offCreated();
		offDisposed();
		offBound();
	};
}

type Fields = Readonly<Record<string, unknown>>;

function fieldsOf(value: unknown): Fields | null {
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
}

function idOf(value: unknown): string | null {
	return typeof value === "string" && value.trim() !== "" && value.length <= 4096 ? value : null;
}
