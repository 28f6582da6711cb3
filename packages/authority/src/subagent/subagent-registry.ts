/**
 * Owns: the process-global record of in-process child sessions (child id -> parent id), fed by the subagent
 * lifecycle events, shared across module copies through a hardened `globalThis` slot (`ProcessGlobalSlot`).
 * Never: subscribes to an event bus; the adapter turns `subagents:child:session-created` / `disposed` into calls.
 */
import { processGlobalMap } from "../process-global-slot";

export interface ChildSession {
	readonly childSessionId: string;
	readonly parentSessionId: string | null;
	readonly agentName: string | null;
}

const CHILDREN = processGlobalMap<string, ChildSession>("@pi-permissions/authority/subagent-sessions");

function childMap(host: object): Map<string, ChildSession> {
	return CHILDREN.get(host);
}

/** The read side, for detection, target resolution and the one-hop canary. */
export interface SubagentLookup {
	get(childSessionId: string): ChildSession | undefined;
}

export class SubagentRegistry implements SubagentLookup {
	/** `host` is `globalThis` in production; tests pass a fresh object to stay isolated. */
	constructor(private readonly host: object = globalThis) {}

	/** `subagents:child:session-created`, delivered before the child binds its extensions. Blank ids are ignored. */
	childSessionCreated(child: ChildSession): void {
		if (child.childSessionId.trim() === "") return;
		childMap(this.host).set(child.childSessionId, child);
	}

	/** `subagents:child:disposed`: removes only that child; siblings are keyed apart and stay. */
	childDisposed(childSessionId: string): void {
		childMap(this.host).delete(childSessionId);
	}

	get(childSessionId: string): ChildSession | undefined {
		return childMap(this.host).get(childSessionId);
	}
}
