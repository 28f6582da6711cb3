/**
 * Owns: the skill-input gate: a `/skill:<name>` invocation typed into the session is decided on the `skill` surface
 * by the skill's exact name, with the skill ask payload and an exact-name session suggestion; and the one `ToolCall`
 * such an invocation is decided, escalated and reported as.
 * Never: reads the skill's files (the skill-read gate guards those) or parses the arguments.
 */
import { type CompiledPolicy, type PathFlavor, SKILL_SURFACE, suggestSessionApproval } from "@pi-permissions/policy";
import { buildSkillAskPayload, type PromptRequester } from "@pi-permissions/presentation";
import type { ToolCall } from "../pipeline/tool-call";
import { ruleOutcome } from "./gate-context";
import type { GateOutcome } from "./gate-outcome";

export interface SkillInvocation {
	readonly skillName: string;
	/** What follows the skill name; `null` when nothing does. */
	readonly arguments: string | null;
	readonly agentName: string | null;
}

/**
 * The call a `/skill:` invocation stands for (no tool call: reported as a call of `skill`, its name and arguments as
 * the input), the same for the decision, the escalator and every fact of it.
 */
export function skillInputCall(invocation: SkillInvocation): ToolCall {
	return {
		toolName: SKILL_SURFACE,
		input: { name: invocation.skillName, arguments: invocation.arguments },
		agentName: invocation.agentName,
		toolCallId: null,
	};
}

export function skillInputOutcome(
	invocation: SkillInvocation,
	policy: CompiledPolicy,
	requester: PromptRequester,
	flavor: PathFlavor,
): GateOutcome {
	const match = policy.evaluate(SKILL_SURFACE, invocation.skillName);
	const suggestion =
		match.state === "ask" ? suggestSessionApproval(SKILL_SURFACE, invocation.skillName, { flavor }) : null;
	const payload = buildSkillAskPayload({
		requester,
		matchedPattern: match.matchedPattern,
		ruleOrigin: match.origin,
		sessionSuggestion: suggestion?.patterns.join(", ") ?? null,
		skillName: invocation.skillName,
		arguments: invocation.arguments,
	});
	return ruleOutcome("skill-input", SKILL_SURFACE, invocation.skillName, match, { payload, suggestion });
}
