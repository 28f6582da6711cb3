/**
 * Owns: the injected source of fresh request ids, and the system one (`perm-<uuid>`).
 * Never: validates an id; the forwarding layout guards what may name a file.
 */

export interface IdGenerator {
	/** A fresh id matching `^[A-Za-z0-9._-]+$`. Must not throw. */
	next(): string;
}

export const systemIdGenerator: IdGenerator = { next: () => `perm-${globalThis.crypto.randomUUID()}` };
