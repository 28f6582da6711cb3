/**
 * Owns: the skill ask payloads: a `/skill:` invocation, and a file read that reaches into a skill.
 * Never: resolves which skill a path belongs to; the gate hands in the skill name it matched.
 */
import type { LocalPromptPayload } from "../prompt-payload";
import { type AskBase, evidenceItem, requestFacts, suggestionAnnotations, whoMayAnswer } from "./ask-base";

export interface SkillAskInput extends AskBase {
	/** The skill name the policy names (the decision value). */
	readonly skillName: string;
	/** The text the user or model typed after the skill name; `null` when none. */
	readonly arguments: string | null;
}

export function buildSkillAskPayload(input: SkillAskInput): LocalPromptPayload {
	return {
		kind: "skill",
		request: requestFacts(input, {
			surface: "skill",
			toolName: null,
			invokedToolName: null,
			value: input.skillName,
			commandContext: null,
			executedUnit: null,
		}),
		evidence: input.arguments === null ? [] : [evidenceItem("arguments", input.arguments)],
		annotations: suggestionAnnotations(input),
		answerableBy: whoMayAnswer(input),
	};
}

export interface SkillReadAskInput extends AskBase {
	/** The reading tool (`read`). */
	readonly toolName: string;
	readonly skillName: string;
	/** The path the skill was reached through. */
	readonly path: string;
}

export function buildSkillReadAskPayload(input: SkillReadAskInput): LocalPromptPayload {
	return {
		kind: "skill_read",
		request: requestFacts(input, {
			surface: "skill",
			toolName: input.toolName,
			invokedToolName: null,
			value: input.skillName,
			commandContext: null,
			executedUnit: null,
		}),
		evidence: [evidenceItem("read path", input.path)],
		annotations: suggestionAnnotations(input),
		answerableBy: whoMayAnswer(input),
	};
}
