/**
 * Owns: which sessions in this process are draining a forwarding inbox, shared across module copies through
 * `globalThis` + `Symbol.for` (Pi loads each extension instance with its own module root).
 * Never: speaks for another process; the heartbeat files answer for those.
 */

const REGISTRY_KEY = Symbol.for("@pi-permissions/authority/serving-sessions");

/** Reference counts, so two announcers of one session (a reload) cannot withdraw each other. */
type ServingMap = Map<string, number>;

function servingMap(host: object): ServingMap {
	const slot = host as { [REGISTRY_KEY]?: ServingMap };
	let map = slot[REGISTRY_KEY];
	if (!(map instanceof Map)) {
		map = new Map();
		slot[REGISTRY_KEY] = map;
	}
	return map;
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
