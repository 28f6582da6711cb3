/**
 * Owns: the Ed25519 key pair a serving process signs its forwarded answers with (one per process, created on first
 * use, kept in a hardened process-global slot so in-process children of the same process find it), and the text form
 * of its public half that children receive (`PI_PERMISSIONS_PARENT_KEY`, base64 SPKI DER) and parse back.
 * Never: writes the private key anywhere (no file, no environment, no log); only the public half ever leaves memory.
 */
import { createPublicKey, generateKeyPairSync, KeyObject } from "node:crypto";
import { err, ok, type Result } from "@pi-permissions/policy";
import { ProcessGlobalSlot } from "../process-global-slot";

/** The variable a serving process sets in its own environment, for the child processes it starts to inherit. */
export const PARENT_KEY_ENV = "PI_PERMISSIONS_PARENT_KEY";

export interface AnswerSigningKey {
	/** Never serialised; it exists only in this process's memory. */
	readonly privateKey: KeyObject;
	readonly publicKey: KeyObject;
	/** The public key as children receive it: base64 of its SPKI DER encoding. */
	readonly publicKeyText: string;
}

/** An Ed25519 SPKI DER public key is 44 bytes: a fixed 12-byte prefix and the 32-byte key. */
const SPKI_BYTES = 44;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isEd25519(value: unknown, type: "public" | "private"): value is KeyObject {
	return value instanceof KeyObject && value.type === type && value.asymmetricKeyType === "ed25519";
}

function isSigningKey(value: unknown): value is AnswerSigningKey {
	if (typeof value !== "object" || value === null) return false;
	const key = value as Partial<Record<keyof AnswerSigningKey, unknown>>;
	return (
		isEd25519(key.privateKey, "private") && isEd25519(key.publicKey, "public") && typeof key.publicKeyText === "string"
	);
}

function generate(): AnswerSigningKey {
	const { privateKey, publicKey } = generateKeyPairSync("ed25519");
	const publicKeyText = publicKey.export({ format: "der", type: "spki" }).toString("base64");
	return Object.freeze({ privateKey, publicKey, publicKeyText });
}

const SLOT = new ProcessGlobalSlot<AnswerSigningKey>({
	name: "@pi-permissions/authority/forwarding-answer-key",
	recognise: isSigningKey,
	create: generate,
});

/**
 * This process's signing key, created in `host`'s slot on first use (`globalThis` in production; tests pass a fresh
 * object for a fresh key). Throws only when something else holds the slot non-configurably (the caller fails closed).
 */
export function processAnswerKey(host: object): AnswerSigningKey {
	return SLOT.get(host);
}

/** The key already in `host`'s slot, or `undefined` when no session of this process has served yet. Never throws. */
export function existingProcessAnswerKey(host: object): AnswerSigningKey | undefined {
	return SLOT.read(host);
}

/**
 * Reads a parent's public key from its text form. Never throws; anything but a well-formed Ed25519 SPKI key in
 * canonical base64 is an error naming what is wrong (the text itself is public, so it may be quoted).
 */
export function parseAnswerPublicKey(text: string): Result<KeyObject, string> {
	const trimmed = text.trim();
	if (!BASE64.test(trimmed)) return err("it is not base64");
	const der = Buffer.from(trimmed, "base64");
	// SECURITY: canonical base64 only, so one key has one spelling (and padding tricks cannot smuggle extra bytes).
	if (der.length !== SPKI_BYTES || der.toString("base64") !== trimmed)
		return err(`it is not a ${SPKI_BYTES}-byte Ed25519 SPKI key`);
	try {
		const key = createPublicKey({ key: der, format: "der", type: "spki" });
		return isEd25519(key, "public") ? ok(key) : err("it is not an Ed25519 public key");
	} catch (error) {
		return err(`it does not decode: ${error instanceof Error ? error.message : String(error)}`);
	}
}
