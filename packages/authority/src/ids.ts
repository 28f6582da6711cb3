/**
 * Owns: the injected source of fresh request ids, and the system one (`perm-<process prefix>-<counter>`).
 * Never: validates an id; the forwarding layout guards what may name a file.
 */

export interface IdGenerator {
	/** A fresh id matching `^[A-Za-z0-9._-]+$`. Must not throw. */
	next(): string;
}

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
