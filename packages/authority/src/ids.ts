/**
 * Owns: the system source of fresh ask ids (`perm-<process prefix>-<counter>`) for decision records and prompts; the
 * `IdGenerator` contract is presentation's, shared with the engine's runner.
 * Never: names a forwarding file: those ids are predictable, so a forwarded request gets 128 random bits (ADR 0046).
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
