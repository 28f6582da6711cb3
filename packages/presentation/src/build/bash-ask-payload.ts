/**
 * Owns: the bash ask payloads: a command unit asked on the `bash` surface, and external paths a command reaches.
 * Never: parses bash; the engine hands in the units, contexts and executed unit `BashProgram` already found.
 */

import { describeCommandContext, NOT_CHECKED_LABEL } from "../fact-vocabulary";
import type { BashCommandContext, LocalPromptPayload, PromptEvidence } from "../prompt-payload";
import { type AskBase, evidenceItem, highlightOf, requestFacts, suggestionAnnotations, whoMayAnswer } from "./ask-base";

/** One runnable unit of the command, as the parser listed it. */
interface BashUnitFacts {
	readonly text: string;
	readonly context: BashCommandContext | null;
	/** Where the unit starts in the command (UTF-16 offset), when the parser knows; used only to highlight. */
	readonly start: number | null;
}

export interface BashAskInput extends AskBase {
	/** The tool the gate ran as (`bash`). */
	readonly toolName: string;
	/** The alias the model called, when a shell alias re-exposes bash. */
	readonly invokedToolName: string | null;
	/** The whole command as the model sent it. */
	readonly command: string;
	/** The unit the decision was about (the flagged element). */
	readonly unit: BashUnitFacts;
	readonly executedUnit: string | null;
	/** Every unit of the command, in order. */
	readonly units: readonly BashUnitFacts[];
	/** Why the check could not be completed ("too large to check: …"), when that is why it asks. */
	readonly notChecked?: string | null;
}

export function buildBashAskPayload(input: BashAskInput): LocalPromptPayload {
	// The whole command is evidence only when it says more than the unit the value already shows.
	const evidence: PromptEvidence[] = input.command === input.unit.text ? [] : [evidenceItem("command", input.command)];
	if (input.units.length > 1) {
		for (const unit of input.units)
			evidence.push(evidenceItem("unit", unit.text, describeCommandContext(unit.context)));
	}
	// Last, so the highlight's index (the command, first) stays put.
	if (input.notChecked) evidence.push(evidenceItem(NOT_CHECKED_LABEL, input.notChecked));
	return {
		kind: "bash",
		request: requestFacts(input, {
			surface: "bash",
			toolName: input.toolName,
			invokedToolName: input.invokedToolName,
			value: input.unit.text,
			commandContext: input.unit.context,
			executedUnit: input.executedUnit,
		}),
		evidence,
		annotations: [
			...(input.command === input.unit.text ? [] : highlightOf(evidence, 0, input.unit.text, input.unit.start)),
			...suggestionAnnotations(input),
		],
		answerableBy: whoMayAnswer(input),
	};
}

/** A path outside the working directory, as typed and as it resolves. */
interface ExternalPathFacts {
	readonly path: string;
	/** The symlink-resolved form when it differs from `path`. */
	readonly canonical: string | null;
}

export interface BashExternalDirectoryAskInput extends AskBase {
	readonly toolName: string;
	readonly invokedToolName: string | null;
	readonly command: string;
	/** The decision value (the external directory the rule was matched against). */
	readonly value: string;
	/** The path the decision was about (the flagged element), as typed in the command. */
	readonly flaggedPath: string;
	readonly workingDirectory: string;
	/** Every external path the command reaches, in order. */
	readonly externalPaths: readonly ExternalPathFacts[];
}

export function buildBashExternalDirectoryAskPayload(input: BashExternalDirectoryAskInput): LocalPromptPayload {
	const evidence: PromptEvidence[] = [
		evidenceItem("command", input.command),
		evidenceItem("working directory", input.workingDirectory),
		...input.externalPaths.map((path) => evidenceItem("external path", path.path, canonicalDetail(path))),
	];
	return {
		kind: "bash_external_directory",
		request: requestFacts(input, {
			surface: "external_directory",
			toolName: input.toolName,
			invokedToolName: input.invokedToolName,
			value: input.value,
			commandContext: null,
			executedUnit: null,
		}),
		evidence,
		annotations: [...highlightOf(evidence, 0, input.flaggedPath), ...suggestionAnnotations(input)],
		answerableBy: whoMayAnswer(input),
	};
}

function canonicalDetail(path: ExternalPathFacts): string | null {
	return path.canonical === null || path.canonical === path.path ? null : `resolves to ${path.canonical}`;
}
