/**
 * Owns: the process-wide registry of published services on `globalThis[Symbol.for("@pi-permissions/service")]` (a
 * hardened `ProcessGlobalSlot`), keyed by session id (an in-process child never clobbers its parent), and the
 * `getPermissionsService` accessor.
 * Never: lets an earlier session's unpublish remove a later publish (identity guard), or holds anything but functions.
 */
import { ProcessGlobalSlot } from "@pi-permissions/authority";
import type { PermissionsService } from "./permissions-service";

/** The shape every copy of this package agrees on; the first copy to run creates it, later copies reuse it. */
export interface PermissionsServiceRegistry {
	/** The service of `sessionId`; without one, the root's (the earliest published session still open). */
	get(sessionId?: string): PermissionsService | undefined;
	/** The session ids with a published service, root first. */
	sessionIds(): readonly string[];
	/** Publishes `service` under its session id, replacing what was there; returns the identity-guarded unpublish. */
	publish(service: PermissionsService): () => void;
}

/** The registry slot: a value is used only with the methods every copy of this package relies on. */
const SLOT = new ProcessGlobalSlot<PermissionsServiceRegistry>({
	name: "@pi-permissions/service",
	recognise: isRegistry,
	create: createRegistry,
});

/** The registry on `host`, created there on first use. */
export function serviceRegistry(host: object): PermissionsServiceRegistry {
	return SLOT.get(host);
}

/**
 * The published service of `sessionId` (the root session's when omitted), or `undefined` when pi-permissions is not
 * loaded or that session has none.
 */
export function getPermissionsService(sessionId?: string, host: object = globalThis): PermissionsService | undefined {
	return SLOT.read(host)?.get(sessionId);
}

function isRegistry(value: unknown): value is PermissionsServiceRegistry {
	if (typeof value !== "object" || value === null) return false;
	const candidate = value as Partial<PermissionsServiceRegistry>;
	return typeof candidate.get === "function" && typeof candidate.publish === "function";
}

function createRegistry(): PermissionsServiceRegistry {
	const services = new Map<string, PermissionsService>();
	return Object.freeze({
		get(sessionId?: string): PermissionsService | undefined {
			if (sessionId !== undefined) return services.get(sessionId);
			return services.values().next().value;
		},
		sessionIds: (): readonly string[] => [...services.keys()],
		publish(service: PermissionsService): () => void {
			const { sessionId } = service;
			// A re-publish moves the session to the end: the root stays the earliest session still open.
			services.delete(sessionId);
			services.set(sessionId, service);
			return () => {
				// INVARIANT: identity guard: only this publish is removed, never a later one under the same id.
				if (services.get(sessionId) === service) services.delete(sessionId);
			};
		},
	});
}
