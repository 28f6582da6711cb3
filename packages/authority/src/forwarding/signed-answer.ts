/**
 * Owns: the signed form of a forwarded answer: the serving parent signs the exact text of the answer (request id,
 * nonce, request digest, responder, decision, decider, reason) with its Ed25519 key, and the child opens it against its
 * own copy of the request and its parent's public key, naming what is wrong with anything else.
 * Never: acts on a byte it did not verify: the answer is parsed from the very text the signature covers.
 */
import { type KeyObject, sign, verify } from "node:crypto";
import type { DecisionState } from "../chain/authorizer";
import type { DecisionSource } from "../chain/decision-source";
import type { AnswerSigningKey } from "./answer-key";
import type { ForgeryKind } from "./forgery-kind";
import { type ForwardedResponse, readForwardedResponse } from "./forwarded-response";

/** Names the signed text's format, so a signature over anything else this key might ever sign cannot pass for one. */
export const SIGNED_ANSWER_FORMAT = "pi-permissions/forwarded-answer/v1";

/** What the parent signs; the child acts on nothing outside it. */
export interface AnswerBody {
	readonly format: typeof SIGNED_ANSWER_FORMAT;
	readonly requestId: string;
	/** The request's nonce as the parent read it; `null` when the request was unreadable. */
	readonly nonce: string | null;
	/** SHA-256 of the request file's bytes as the parent read them; `null` when it could not read them. */
	readonly requestDigest: string | null;
	readonly responderSessionId: string;
	readonly approved: boolean;
	readonly state: DecisionState;
	readonly denialReason: string | null;
	readonly respondedAt: number;
	readonly decidedBy: DecisionSource;
}

/** The response file: the signed text, verbatim, and its Ed25519 signature in base64. */
interface SignedAnswer {
	readonly answer: string;
	readonly signature: string;
}

/** What the child wrote and kept in memory: an answer must name exactly this. */
export interface AnswerExpectation {
	readonly requestId: string;
	readonly nonce: string;
	readonly requestDigest: string;
	readonly responderSessionId: string;
}

type OpenedAnswer =
	| { readonly kind: "verified"; readonly response: ForwardedResponse }
	/** Signed by the parent for this request, but not an answer this child can use (a parent's bug): fails closed. */
	| { readonly kind: "unusable"; readonly detail: string }
	/** Anything else: what is wrong with it is one of the {@link ForgeryKind}s. */
	| { readonly kind: "forged"; readonly forgery: ForgeryKind };

/** Ed25519 signatures are 64 bytes: 88 base64 characters. */
const SIGNATURE_BYTES = 64;
const SIGNATURE_TEXT_LENGTH = 88;

export function signAnswer(body: AnswerBody, key: AnswerSigningKey): SignedAnswer {
	const answer = JSON.stringify(body);
	return { answer, signature: sign(null, Buffer.from(answer, "utf8"), key.privateKey).toString("base64") };
}

/**
 * Opens a response file's parsed value: verified under one of `keys` and naming exactly `expected`, or the reason it
 * is not. Never throws.
 */
export function openSignedAnswer(
	value: unknown,
	expected: AnswerExpectation,
	keys: readonly KeyObject[],
	now: number,
): OpenedAnswer {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return forged("unsigned");
	const { answer, signature } = value as Readonly<Record<string, unknown>>;
	if (typeof answer !== "string" || typeof signature !== "string") return forged("unsigned");
	const bytes = Buffer.from(signature, "base64");
	if (signature.length !== SIGNATURE_TEXT_LENGTH || bytes.length !== SIGNATURE_BYTES) return forged("bad_signature");
	const data = Buffer.from(answer, "utf8");
	// SECURITY: the answer counts only if the parent's key signed these exact bytes; no other key, no re-encoding.
	if (!keys.some((key) => verifies(data, key, bytes))) return forged("bad_signature");
	let body: unknown;
	try {
		body = JSON.parse(answer);
	} catch {
		return { kind: "unusable", detail: "the signed answer is not JSON" };
	}
	const mismatch = mismatchOf(body, expected);
	if (mismatch !== null) return mismatch;
	const response = readForwardedResponse(body, expected.requestId, now);
	return response.ok ? { kind: "verified", response: response.value } : { kind: "unusable", detail: response.error };
}

function verifies(data: Buffer, key: KeyObject, signature: Buffer): boolean {
	try {
		return verify(null, data, key, signature);
	} catch {
		return false;
	}
}

/** Which bound field differs from what the child wrote, checked in the order that names the cause best. */
function mismatchOf(body: unknown, expected: AnswerExpectation): OpenedAnswer | null {
	if (typeof body !== "object" || body === null || Array.isArray(body))
		return { kind: "unusable", detail: "the signed answer is not a JSON object" };
	const fields = body as Readonly<Record<string, unknown>>;
	if (fields.format !== SIGNED_ANSWER_FORMAT)
		return { kind: "unusable", detail: "the signed answer has no known format" };
	if (fields.requestId !== expected.requestId) return forged("other_request");
	if (fields.responderSessionId !== expected.responderSessionId) return forged("wrong_responder");
	if (fields.nonce !== expected.nonce) return forged("nonce_mismatch");
	if (fields.requestDigest !== expected.requestDigest) return forged("request_altered");
	return null;
}

function forged(forgery: ForgeryKind): OpenedAnswer {
	return { kind: "forged", forgery };
}
