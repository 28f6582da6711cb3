/** Reads the signed answers a parent wrote, and builds the answers a forger would, for tests. */

import { verify } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AnswerSigningKey } from "../../src/forwarding/answer-key";
import { HARNESS_PARENT_KEY } from "./forwarding-harness";

/** The body of the signed answer at `file`, after checking its signature under `key`; throws when it does not verify. */
export async function signedAnswerBody(
	file: string,
	key: AnswerSigningKey = HARNESS_PARENT_KEY,
): Promise<Record<string, unknown>> {
	const envelope = JSON.parse(await readFile(file, "utf8")) as { answer: string; signature: string };
	const genuine = verify(
		null,
		Buffer.from(envelope.answer, "utf8"),
		key.publicKey,
		Buffer.from(envelope.signature, "base64"),
	);
	if (!genuine) throw new Error(`the answer at ${file} is not signed by the expected key`);
	return JSON.parse(envelope.answer) as Record<string, unknown>;
}
