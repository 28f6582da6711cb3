/**
 * Owns: the payload of an ask about a file a call writes: a bash write (redirect, `tee`, `sed -i`, …) on the `write`
 * surface, and a protected target (any tool), which carries why the file is protected and says that only the human
 * at the terminal may answer it.
 * Never: decides whether a path is protected or written, or who may answer; the gate hands in what it found
 * (`protectedBecause`, `answerableBy`).
 */
import type { LocalPromptPayload, PromptEvidence, PromptRequestFacts } from "../prompt-payload";
import { type AskBase, evidenceItem } from "./ask-base";
import { pathKindPayload } from "./path-ask-payload";

/** The matched-pattern sentinel of a protected-target ask (a wire name: never respell it). */
export const PROTECTED_TARGET_SENTINEL = "<protected-target>";

/** The evidence label that carries why a target is protected. */
export const PROTECTED_EVIDENCE_LABEL = "protected";

export interface WriteAskInput extends AskBase {
	/** The surface the rule was met on (`write` for bash and the write tool, `edit`, or another tool's name). */
	readonly surface: string;
	readonly toolName: string;
	readonly invokedToolName: string | null;
	/** The written path (the flagged element). */
	readonly path: string;
	readonly canonical: string | null;
	/** How the call writes it (`>`, `tee`, `sed -i`, `write`); `null` for a file tool. */
	readonly via: string | null;
	/** The whole bash command; `null` for a file tool. */
	readonly command: string | null;
	/** Why the path is protected; `null` for an ordinary write. */
	readonly protectedBecause: string | null;
}

export function buildWriteAskPayload(input: WriteAskInput): LocalPromptPayload {
	const evidence: PromptEvidence[] = [];
	if (input.protectedBecause !== null) {
		evidence.push(evidenceItem(PROTECTED_EVIDENCE_LABEL, `${input.protectedBecause}; only you can approve this`));
	}
	if (input.canonical !== null && input.canonical !== input.path)
		evidence.push(evidenceItem("resolves to", input.canonical));
	if (input.via !== null) evidence.push(evidenceItem("written by", input.via));
	return pathKindPayload(input, input.surface, evidence);
}

/**
 * Why a payload's ask is protected, as its text says (the agent's denial repeats it), or `null` for any other ask.
 * Who may answer is not read here: that is the payload's `answerableBy`.
 */
export function protectedReason(payload: {
	readonly request: Pick<PromptRequestFacts, "matchedPattern">;
	readonly evidence?: readonly PromptEvidence[];
}): string | null {
	if (payload.request.matchedPattern !== PROTECTED_TARGET_SENTINEL) return null;
	return payload.evidence?.find((item) => item.label === PROTECTED_EVIDENCE_LABEL)?.text ?? "writes a protected file";
}
