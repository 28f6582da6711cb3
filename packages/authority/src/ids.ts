/**
 * Owns: the system source of fresh request ids (`perm-<process prefix>-<counter>`); the `IdGenerator` contract is
 * presentation's, shared with the engine's runner.
 * Never: validates an id; the forwarding layout guards what may name a file.
 */
import type { IdGenerator } from "@pi-permissions/presentation";

export type { IdGenerator } from "@pi-permissions/presentation";

/**
 * Ids unique across processes and cheap on the hot path: one random 128-bit prefix per generator (request files of
 * several processes share the forwarding directory) and a counter after it, instead of a UUID per decision.
 */
export function prefixedIdGenerator(prefix: string = globalThis.crypto.randomUUID()): IdGenerator {
	let counter = 0;
	return {
		next: () => {
			counter += 1;
			return `perm-${prefix}-${counter.toString(36)}`;
		},
	};
}

export const systemIdGenerator: IdGenerator = prefixedIdGenerator();
