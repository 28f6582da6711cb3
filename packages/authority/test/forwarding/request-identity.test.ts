import { describe, expect, it } from "vitest";
import { freshRequestIdentity, NONCE_SHAPE, textDigest } from "../../src/forwarding/request-identity";
import { REQUEST_ID_SHAPE } from "../support/request-id-shape";

describe("freshRequestIdentity", () => {
	it("draws a `perm-` id and a nonce of 128 random bits each, never repeating in 2,000 draws", () => {
		const draws = Array.from({ length: 2000 }, () => freshRequestIdentity());
		expect(draws.filter(({ id }) => !REQUEST_ID_SHAPE.test(id))).toEqual([]);
		expect(draws.filter(({ nonce }) => !NONCE_SHAPE.test(nonce) || nonce.length !== 32)).toEqual([]);
		expect(new Set(draws.map(({ id }) => id)).size).toBe(2000);
		expect(new Set(draws.map(({ nonce }) => nonce)).size).toBe(2000);
	});

	it("shares no prefix between consecutive ids beyond what chance gives (no counter behind a prefix)", () => {
		const a = freshRequestIdentity().id.slice(5);
		const b = freshRequestIdentity().id.slice(5);
		expect(a.slice(0, 8)).not.toBe(b.slice(0, 8));
	});
});

describe("textDigest", () => {
	it("is the SHA-256 of the text's UTF-8 bytes", () => {
		expect(textDigest("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
		expect(textDigest("é")).not.toBe(textDigest("e"));
	});
});
