/**
 * Owns: finding a session's published pi-permissions service on `globalThis[Symbol.for("@pi-permissions/service")]`
 * without importing pi-permissions, reading only the one method the judge needs.
 * Never: writes the slot, or trusts its shape: anything unexpected reads as "not published".
 */
import type { Authorizer } from "@pi-permissions/authority";

export const SERVICE_KEY: unique symbol = Symbol.for("@pi-permissions/service");

/** The slice of `PermissionsService` the judge uses (a pi-permissions without link status ignores `status`). */
export interface AuthorizerService {
	registerAuthorizer(name: string, authorizer: Authorizer, status?: () => string | null): () => void;
}

/** The service `sessionId` published, or `undefined`. Never throws. */
export function lookUpService(host: object, sessionId: string): AuthorizerService | undefined {
	try {
		const registry: unknown = (host as Record<symbol, unknown>)[SERVICE_KEY];
		if (typeof registry !== "object" || registry === null) return undefined;
		const get = (registry as { get?: unknown }).get;
		if (typeof get !== "function") return undefined;
		const service: unknown = get.call(registry, sessionId);
		if (typeof service !== "object" || service === null) return undefined;
		return typeof (service as { registerAuthorizer?: unknown }).registerAuthorizer === "function"
			? (service as AuthorizerService)
			: undefined;
	} catch {
		return undefined;
	}
}
