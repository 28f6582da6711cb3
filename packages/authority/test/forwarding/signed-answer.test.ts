import { sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { processAnswerKey } from "../../src/forwarding/answer-key";
import type { ForgeryKind } from "../../src/forwarding/forgery-kind";
import { textDigest } from "../../src/forwarding/request-identity";
import {
	type AnswerBody,
	type AnswerExpectation,
	openSignedAnswer,
	SIGNED_ANSWER_FORMAT,
	signAnswer,
} from "../../src/forwarding/signed-answer";

const PARENT_KEY = processAnswerKey({});
const OTHER_KEY = processAnswerKey({});

const expected: AnswerExpectation = {
	requestId: `perm-${"1".repeat(32)}`,
	nonce: "2".repeat(32),
	requestDigest: textDigest('{"id":"…"}'),
	responderSessionId: "parent-1",
};

const body: AnswerBody = {
	format: SIGNED_ANSWER_FORMAT,
	requestId: expected.requestId,
	nonce: expected.nonce,
	requestDigest: expected.requestDigest,
	responderSessionId: "parent-1",
	approved: false,
	state: "denied_with_reason",
	denialReason: "not today",
	respondedAt: 7,
	decidedBy: { kind: "user", via: "dialog" },
};

/** The signed file as the parent writes it, read back as the child parses it. */
function file(answer: AnswerBody | Record<string, unknown>, key = PARENT_KEY): unknown {
	return JSON.parse(JSON.stringify(signAnswer(answer as AnswerBody, key)));
}

function resigned(envelope: unknown, change: (answer: string) => string): unknown {
	const { answer, signature } = envelope as { answer: string; signature: string };
	return { answer: change(answer), signature };
}

describe("openSignedAnswer", () => {
	it("opens the parent's answer to exactly this request, and reads the decision from the signed text", () => {
		const opened = openSignedAnswer(file(body), expected, [PARENT_KEY.publicKey], 99);
		expect(opened).toEqual({
			kind: "verified",
			response: {
				requestId: expected.requestId,
				approved: false,
				state: "denied_with_reason",
				responderSessionId: "parent-1",
				denialReason: "not today",
				respondedAt: 7,
				decidedBy: { kind: "user", via: "dialog" },
			},
		});
	});

	it("accepts a signature by any key the child trusts, and none by a key it does not", () => {
		expect(openSignedAnswer(file(body), expected, [OTHER_KEY.publicKey, PARENT_KEY.publicKey], 0).kind).toBe(
			"verified",
		);
		expect(openSignedAnswer(file(body), expected, [], 0)).toEqual({ kind: "forged", forgery: "bad_signature" });
	});

	const approve = { approved: true, state: "approved", denialReason: null };
	const rows: readonly [string, unknown, ForgeryKind][] = [
		["a JSON array", [1, 2], "unsigned"],
		["the old unsigned wire", { approved: true, state: "approved", responderSessionId: "parent-1" }, "unsigned"],
		["an answer without a signature", { answer: JSON.stringify(body) }, "unsigned"],
		["an empty signature", { answer: JSON.stringify(body), signature: "" }, "bad_signature"],
		["a signature of another length", { answer: JSON.stringify(body), signature: "A".repeat(86) }, "bad_signature"],
		["a well-formed answer signed by another key", file({ ...body, ...approve }, OTHER_KEY), "bad_signature"],
		[
			"the decision flipped after signing",
			resigned(file(body), (a) => a.replace('"approved":false', '"approved":true')),
			"bad_signature",
		],
		["a space added after signing", resigned(file(body), (a) => `${a} `), "bad_signature"],
		["another request's genuine answer", file({ ...body, requestId: `perm-${"3".repeat(32)}` }), "other_request"],
		["an answer signed for another session", file({ ...body, responderSessionId: "parent-2" }), "wrong_responder"],
		["an answer naming another nonce", file({ ...body, nonce: "4".repeat(32) }), "nonce_mismatch"],
		["an answer to other request bytes", file({ ...body, requestDigest: textDigest("x") }), "request_altered"],
		["an answer to an unreadable request", file({ ...body, nonce: null, requestDigest: null }), "nonce_mismatch"],
	];
	it.each(rows)("names %s as a forgery (%s)", (_label, value, forgery) => {
		expect(openSignedAnswer(value, expected, [PARENT_KEY.publicKey], 0)).toEqual({ kind: "forged", forgery });
	});

	it.each([
		["a signed text that is not JSON", "approve"],
		["a signed answer of an unknown format", JSON.stringify({ ...body, format: "v0" })],
		["a signed approval in a denying state", JSON.stringify({ ...body, approved: true })],
	])("reports %s, signed by the parent, as unusable (never an approval)", (_label, answer) => {
		// What a buggy parent could sign: the parent's key over arbitrary text.
		const signature = sign(null, Buffer.from(answer, "utf8"), PARENT_KEY.privateKey).toString("base64");
		expect(openSignedAnswer({ answer, signature }, expected, [PARENT_KEY.publicKey], 0).kind).toBe("unusable");
	});
});
