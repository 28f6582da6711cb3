import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
	existingProcessAnswerKey,
	PARENT_KEY_ENV,
	parseAnswerPublicKey,
	processAnswerKey,
} from "../../src/forwarding/answer-key";

const hardened = { writable: false, configurable: false, enumerable: false };

describe("processAnswerKey", () => {
	it("creates one Ed25519 key pair per process on first use, in a hardened slot every copy shares", () => {
		const host = {};
		expect(existingProcessAnswerKey(host)).toBeUndefined();
		const key = processAnswerKey(host);
		expect(key.privateKey.asymmetricKeyType).toBe("ed25519");
		expect(processAnswerKey(host)).toBe(key);
		expect(existingProcessAnswerKey(host)).toBe(key);
		const slot = Symbol.for("@pi-permissions/authority/forwarding-answer-key");
		expect(Object.getOwnPropertyDescriptor(host, slot)).toMatchObject(hardened);
		expect(() => {
			(host as Record<symbol, unknown>)[slot] = processAnswerKey({});
		}).toThrow(TypeError);
	});

	it("gives another process (another host) another key", () => {
		expect(processAnswerKey({}).publicKeyText).not.toBe(processAnswerKey({}).publicKeyText);
	});

	it("publishes only the public half: 60 base64 characters of SPKI that parse back to the same key", () => {
		const key = processAnswerKey({});
		expect(key.publicKeyText).toMatch(/^[A-Za-z0-9+/]{59}=$/);
		const parsed = parseAnswerPublicKey(key.publicKeyText);
		expect(parsed.ok && parsed.value.equals(key.publicKey)).toBe(true);
		const secret = key.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
		expect(key.publicKeyText).not.toContain(secret.slice(-43, -1));
		expect(JSON.stringify(key)).not.toContain(secret);
	});

	it("names its environment variable", () => {
		expect(PARENT_KEY_ENV).toBe("PI_PERMISSIONS_PARENT_KEY");
	});
});

describe("parseAnswerPublicKey", () => {
	const good = processAnswerKey({}).publicKeyText;
	const x25519 = generateKeyPairSync("x25519").publicKey.export({ format: "der", type: "spki" }).toString("base64");
	const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
		.publicKey.export({ format: "der", type: "spki" })
		.toString("base64");
	const ed25519Private = processAnswerKey({}).privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");

	it.each([
		["an empty text", ""],
		["not base64", "not a key!"],
		["a truncated key", good.slice(0, 40)],
		["a key with a byte too many", Buffer.concat([Buffer.from(good, "base64"), Buffer.from([0])]).toString("base64")],
		["base64 without its padding", good.replace(/=$/, "")],
		["an X25519 key of the same length", x25519],
		["an RSA key", rsa],
		["an Ed25519 private key", ed25519Private],
	])("rejects %s", (_label, text) => {
		expect(parseAnswerPublicKey(text).ok).toBe(false);
	});

	it("accepts the published text with surrounding blanks", () => {
		expect(parseAnswerPublicKey(` ${good}\n`).ok).toBe(true);
	});
});
