/**
 * Owns: the authority benchmark: what signing forwarded answers adds to one forwarded ask (ADR 0046): the child's
 * random id and nonce and the digest of its request, the parent's digest and signature, and the child's verification,
 * each the median of interleaved rounds, beside the unsigned answer's own cost; and the one-off key generation.
 * Never: asserts; it prints the numbers for a human or CI log. Run: `tsx --conditions=@pi-permissions/source bench/run.ts`.
 */
import { generateKeyPairSync } from "node:crypto";
import { processAnswerKey } from "../src/forwarding/answer-key";
import { readForwardedResponse } from "../src/forwarding/forwarded-response";
import { freshRequestIdentity, textDigest } from "../src/forwarding/request-identity";
import { type AnswerBody, openSignedAnswer, SIGNED_ANSWER_FORMAT, signAnswer } from "../src/forwarding/signed-answer";

const ROUNDS = 2000;

const keyStart = performance.now();
generateKeyPairSync("ed25519");
const keyGenerationMs = performance.now() - keyStart;
const key = processAnswerKey({});

/** A request the size of a real forwarded bash ask (payload with evidence, facts). */
function requestText(id: string, nonce: string): string {
	return JSON.stringify({
		id,
		createdAt: Date.now(),
		requesterSessionId: "019a0000-0000-7000-8000-000000000001",
		targetSessionId: "019a0000-0000-7000-8000-000000000000",
		requesterAgentName: "reviewer",
		requesterPid: 4242,
		payload: {
			kind: "bash",
			request: {
				surface: "bash",
				toolName: "bash",
				value: "git push origin main --force-with-lease",
				matchedPattern: "*",
			},
			evidence: Array.from({ length: 8 }, (_, i) => ({ label: `fact ${i}`, text: "x".repeat(80), detail: null })),
			annotations: [],
		},
		accessIntent: {
			surface: "bash",
			matchValues: ["git push origin main --force-with-lease", "git push *"],
			boundaryValue: null,
			requesterCwd: "/home/user/project",
			principal: { sessionId: "019a0000-0000-7000-8000-000000000001", agentName: "reviewer" },
		},
		nonce,
	});
}

function bodyFor(id: string, nonce: string, digest: string): AnswerBody {
	return {
		format: SIGNED_ANSWER_FORMAT,
		requestId: id,
		nonce,
		requestDigest: digest,
		responderSessionId: "019a0000-0000-7000-8000-000000000000",
		approved: false,
		state: "denied_with_reason",
		denialReason: "the parent's rule `git push *` (project) denies it",
		respondedAt: Date.now(),
		decidedBy: { kind: "rule", surface: "bash", pattern: "git push *", origin: "project" },
	};
}

const samples = { identity: [] as number[], sign: [] as number[], verify: [] as number[], unsigned: [] as number[] };
let sink = 0;
for (let round = 0; round < ROUNDS; round++) {
	// The child: a fresh id and nonce, its request text and that text's digest.
	let t = performance.now();
	const { id, nonce } = freshRequestIdentity();
	const text = requestText(id, nonce);
	const childDigest = textDigest(text);
	samples.identity.push(performance.now() - t);
	// The parent: the digest of what it read, and the signed answer (what it writes).
	t = performance.now();
	const signed = JSON.stringify(signAnswer(bodyFor(id, nonce, textDigest(text)), key));
	samples.sign.push(performance.now() - t);
	// The child: parse, verify, check the bound fields, read the decision.
	t = performance.now();
	const expected = {
		requestId: id,
		nonce,
		requestDigest: childDigest,
		responderSessionId: bodyFor(id, nonce, "").responderSessionId,
	};
	const opened = openSignedAnswer(JSON.parse(signed), expected, [key.publicKey], 0);
	samples.verify.push(performance.now() - t);
	if (opened.kind !== "verified") throw new Error(`the benchmark's own answer did not verify: ${opened.kind}`);
	// What the unsigned answer cost the same two sides before (serialise, parse, read).
	t = performance.now();
	const plain = JSON.stringify(bodyFor(id, nonce, childDigest));
	const read = readForwardedResponse(JSON.parse(plain), id, 0);
	samples.unsigned.push(performance.now() - t);
	sink += read.ok ? 1 : 0;
}

function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const identity = median(samples.identity);
const sign = median(samples.sign);
const verify = median(samples.verify);
const unsigned = median(samples.unsigned);
const added = identity + sign + verify - unsigned;
const ms = (value: number) => `${value.toFixed(3)} ms`;
console.log(`authority: signed forwarded answers (ADR 0046), median of ${ROUNDS} rounds`);
console.log(`  child: random id + nonce, request text and digest  ${ms(identity)}`);
console.log(`  parent: digest + Ed25519 signature of the answer   ${ms(sign)}`);
console.log(`  child: parse + verify + bound fields + decision    ${ms(verify)}`);
console.log(`  the unsigned answer's own serialise + read          ${ms(unsigned)}`);
console.log(
	`  added per forwarded ask                             ${ms(added)} (bound: 5 ms; ${(5 / added).toFixed(0)}× under it)`,
);
console.log(`  once per serving process: Ed25519 key generation   ${ms(keyGenerationMs)}`);
if (sink !== ROUNDS) throw new Error("an unsigned answer did not read back");
