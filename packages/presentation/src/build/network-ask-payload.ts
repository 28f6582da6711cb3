/**
 * Owns: the `network` ask payload (ADR 0058): the host (and port) a command or tool connects to, the unit that
 * connects, where a configured destination was read from, and what the command says it sends.
 * Never: reads a command or a file; the gate hands in what access-intent found.
 */
import type { LocalPromptPayload, PromptEvidence } from "../prompt-payload";
import {
	type AskBase,
	evidenceItem,
	pushCommandEvidence,
	requestFacts,
	suggestionAnnotations,
	whoMayAnswer,
} from "./ask-base";

export interface NetworkAskInput extends AskBase {
	/** The gated tool (`bash`, an MCP or extension tool). */
	readonly toolName: string;
	readonly invokedToolName: string | null;
	/** The decision value: `host:port`, the host alone when the port is unknown, or what could not be resolved. */
	readonly destination: string;
	/** The unit that connects (`npm install`), `null` for a tool's input. */
	readonly unit: string | null;
	/** Where a destination not written in the command came from (`remote origin in /repo/.git/config`). */
	readonly via: string | null;
	/** Why the destination could not be named, for a computed one. */
	readonly unresolved: string | null;
	/** What the command says it sends (`the file notes.txt`). */
	readonly sends: readonly string[];
	/** The whole bash command; `null` for a tool. */
	readonly command: string | null;
}

export function buildNetworkAskPayload(input: NetworkAskInput): LocalPromptPayload {
	const evidence: PromptEvidence[] = [];
	if (input.unit !== null) evidence.push(evidenceItem("from", input.unit));
	if (input.via !== null) evidence.push(evidenceItem("named by", input.via));
	if (input.unresolved !== null) evidence.push(evidenceItem("unresolved", input.unresolved));
	for (const sent of input.sends) evidence.push(evidenceItem("sends", sent));
	const highlights = pushCommandEvidence(evidence, input.command, input.unit ?? input.destination);
	return {
		kind: "network",
		request: requestFacts(input, {
			surface: "network",
			toolName: input.toolName,
			invokedToolName: input.invokedToolName,
			value: input.destination,
			commandContext: null,
			executedUnit: null,
		}),
		evidence,
		annotations: [...highlights, ...suggestionAnnotations(input)],
		answerableBy: whoMayAnswer(input),
	};
}
