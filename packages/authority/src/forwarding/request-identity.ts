/**
 * Owns: what makes one forwarded request unforgeable to answer: its id and nonce, 128 random bits each from the OS
 * (`crypto.randomBytes`), and the digest of the exact bytes of its request file that a signed answer must name.
 * Never: derives an id from a counter, a prefix, a tool-call id or anything an agent could read or predict.
 */
import { createHash, randomBytes } from "node:crypto";

/** 16 bytes (128 bits) each, as lowercase hex: a request id is `perm-` and 32 hex digits (also the file name of the
 * request and its response). */
const RANDOM_BYTES = 16;

/** A nonce is 32 to 128 hex digits. */
export const NONCE_SHAPE = /^[0-9a-f]{32,128}$/;

export interface RequestIdentity {
	readonly id: string;
	readonly nonce: string;
}

/** A fresh id and nonce. Throws only if the OS has no randomness (the caller fails closed). */
export function freshRequestIdentity(): RequestIdentity {
	return {
		id: `perm-${randomBytes(RANDOM_BYTES).toString("hex")}`,
		nonce: randomBytes(RANDOM_BYTES).toString("hex"),
	};
}

/** The SHA-256 of `text` as UTF-8, in lowercase hex: what a signed answer names as the request it answered. */
export function textDigest(text: string): string {
	return createHash("sha256").update(text, "utf8").digest("hex");
}
