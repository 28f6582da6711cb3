/**
 * Owns: the facts every ask builder receives alike (requester, matched rule, session suggestion) and their assembly.
 * Never: derives a decision value or reads the policy; the gate hands in what it already computed.
 */
import type { RuleOrigin } from "@pi-permissions/policy";
import type {
	AnswerableBy,
	BashCommandContext,
	PromptAnnotation,
	PromptEvidence,
	PromptRequester,
	PromptRequestFacts,
} from "../prompt-payload";

/** The facts a gate holds for any ask. */
export interface AskBase {
	readonly requester: PromptRequester;
	/** The matched rule's pattern or a sentinel; `null` when nothing matched. */
	readonly matchedPattern: string | null;
	readonly ruleOrigin: RuleOrigin | null;
	/** The pattern a "for this session" approval would record; `null` when none is offered. */
	readonly sessionSuggestion: string | null;
	/** Who may answer the ask; absent: `any-authorizer`. The engine sets `person` where only the human may answer. */
	readonly answerableBy?: AnswerableBy;
}

/** Who may answer an ask built from `base`. */
export function whoMayAnswer(base: AskBase): AnswerableBy {
	return base.answerableBy ?? "any-authorizer";
}

interface RequestFactsInput {
	readonly surface: string;
	readonly toolName: string | null;
	readonly invokedToolName: string | null;
	readonly value: string;
	readonly commandContext: BashCommandContext | null;
	readonly executedUnit: string | null;
}

export function requestFacts(base: AskBase, facts: RequestFactsInput): PromptRequestFacts {
	return {
		requester: {
			agentName: base.requester.agentName,
			sessionId: base.requester.sessionId,
			subagent: base.requester.subagent,
		},
		surface: facts.surface,
		toolName: facts.toolName,
		invokedToolName: facts.invokedToolName,
		value: facts.value,
		matchedPattern: base.matchedPattern,
		ruleOrigin: base.ruleOrigin,
		commandContext: facts.commandContext,
		// An executed unit equal to the value adds nothing, so the payload carries `null`.
		executedUnit: facts.executedUnit === facts.value ? null : facts.executedUnit,
	};
}

export function evidenceItem(label: string, text: string, detail: string | null = null): PromptEvidence {
	return { label, text, detail };
}

/** The session-suggestion annotation, when the gate offers one. */
export function suggestionAnnotations(base: AskBase): PromptAnnotation[] {
	return base.sessionSuggestion === null ? [] : [{ kind: "session-suggestion", text: base.sessionSuggestion }];
}

/** A highlight of the first occurrence of `needle` in evidence `index`, or nothing when it does not occur. */
export function highlightOf(
	evidence: readonly PromptEvidence[],
	index: number,
	needle: string,
	hint: number | null = null,
): PromptAnnotation[] {
	const item = evidence[index];
	if (item === undefined || needle.length === 0) return [];
	const start = hint !== null && item.text.startsWith(needle, hint) ? hint : item.text.indexOf(needle);
	return start < 0 ? [] : [{ kind: "highlight", evidenceIndex: index, start, end: start + needle.length }];
}

/**
 * The bash command a path came from, appended to `evidence` with `path` highlighted in it; the highlight annotation,
 * or nothing for a built-in file tool (`command` is `null`) or a path the command does not spell.
 */
export function pushCommandEvidence(
	evidence: PromptEvidence[],
	command: string | null,
	path: string,
): PromptAnnotation[] {
	if (command === null) return [];
	evidence.push(evidenceItem("command", command));
	return highlightOf(evidence, evidence.length - 1, path);
}
