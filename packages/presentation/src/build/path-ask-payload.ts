/**
 * Owns: the path-surface and tool external-directory ask payloads, each path carrying what it resolves to.
 * Never: resolves a path itself; the gate hands in the lexical and canonical forms it already holds.
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

export interface PathAskInput extends AskBase {
	/** The tool that touches the path (`read`, `edit`, `bash`, …). */
	readonly toolName: string;
	readonly invokedToolName: string | null;
	/** The path the rule was matched against (the flagged element). */
	readonly path: string;
	/** The symlink-resolved form, when it differs from `path`. */
	readonly canonical: string | null;
	/** The whole bash command when the path came from one; `null` for a built-in file tool. */
	readonly command: string | null;
}

export function buildPathAskPayload(input: PathAskInput): LocalPromptPayload {
	const evidence: PromptEvidence[] = [];
	if (input.canonical !== null && input.canonical !== input.path) {
		evidence.push(evidenceItem("resolves to", input.canonical));
	}
	return pathKindPayload(input, "path", evidence);
}

/**
 * A `path`-kind payload on `surface` (the path surface, or the write rule's): `evidence` first, then the command the
 * path came from with the path highlighted in it.
 */
export function pathKindPayload(
	input: PathAskInput,
	surface: string,
	evidence: readonly PromptEvidence[],
): LocalPromptPayload {
	const all = [...evidence];
	const highlights = pushCommandEvidence(all, input.command, input.path);
	return {
		kind: "path",
		request: requestFacts(input, {
			surface,
			toolName: input.toolName,
			invokedToolName: input.invokedToolName,
			value: input.path,
			commandContext: null,
			executedUnit: null,
		}),
		evidence: all,
		annotations: [...highlights, ...suggestionAnnotations(input)],
		answerableBy: whoMayAnswer(input),
	};
}

export interface ExternalDirectoryAskInput extends AskBase {
	readonly toolName: string;
	/** The decision value the rule was matched against (the path or its directory). */
	readonly value: string;
	/** The path the tool was called with. */
	readonly path: string;
	readonly canonical: string | null;
	readonly workingDirectory: string;
}

export function buildExternalDirectoryAskPayload(input: ExternalDirectoryAskInput): LocalPromptPayload {
	const evidence: PromptEvidence[] = [];
	if (input.path !== input.value) evidence.push(evidenceItem("path", input.path));
	if (input.canonical !== null && input.canonical !== input.path) {
		evidence.push(evidenceItem("resolves to", input.canonical));
	}
	evidence.push(evidenceItem("working directory", input.workingDirectory));
	return {
		kind: "external_directory",
		request: requestFacts(input, {
			surface: "external_directory",
			toolName: input.toolName,
			invokedToolName: null,
			value: input.value,
			commandContext: null,
			executedUnit: null,
		}),
		evidence,
		annotations: suggestionAnnotations(input),
		answerableBy: whoMayAnswer(input),
	};
}
