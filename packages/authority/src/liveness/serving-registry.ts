/**
 * Owns: which sessions in this process are draining a forwarding inbox, shared across module copies through a
 * hardened `globalThis` slot (`ProcessGlobalSlot`; Pi loads each extension instance with its own module root).
 * Never: speaks for another process; the heartbeat files answer for those.
 */
import { processGlobalMap } from "../process-global-slot";

/** Reference counts, so two announcers of one session (a reload) cannot withdraw each other. */
const SERVING = processGlobalMap<string, number>("@pi-permissions/authority/serving-sessions");

function servingMap(host: object): Map<string, number> {
	return SERVING.get(host);
}

export class ServingRegistry {
	/** `host` is `globalThis` in production; tests pass a fresh object to stay isolated. */
	constructor(private readonly host: object = globalThis) {}

	/** Announces `sessionId` as serving; returns a withdrawal that runs at most once. */
	announce(sessionId: string): () => void {
		const map = servingMap(this.host);
		map.set(sessionId, (map.get(sessionId) ?? 0) + 1);
		let withdrawn = false;
		return () => {
			if (withdrawn) return;
			withdrawn = true;
			const count = (map.get(sessionId) ?? 1) - 1;
			if (count <= 0) map.delete(sessionId);
			else map.set(sessionId, count);
		};
	}

	isServing(sessionId: string): boolean {
		return (servingMap(this.host).get(sessionId) ?? 0) > 0;
	}
}
