/**
 * Owns: the agent-facing text of a refused call: tagged, naming the surface, the rule, the flagged element, why the
 * command could not be checked (when that is why it asked) and the operator's or human's reason.
 * Never: reproduces a bash command or a tool-input body; the agent already holds its own call.
 */

import { failClosedRuleText } from "../build/invalid-config-note";
import { protectedReason } from "../build/write-ask-payload";
import { describeCommandContext, notCheckedReason } from "../fact-vocabulary";
import type { PromptPayload } from "../prompt-payload";
import { capLength } from "../text/line-fitting";
import { visibleText } from "../text/terminal-text";

export const AGENT_TAG = "[pi-permissions]";

/** The most characters a flagged path, target or skill name takes in a denial. */
const DENIAL_ELEMENT_MAX_LENGTH = 160;
/** The most characters a reason takes in a denial. */
const DENIAL_REASON_MAX_LENGTH = 500;

/** What the denial names: the payload (or its kind and request facts, for a deny that never became an ask). */
type DenialSubject = Pick<PromptPayload, "kind" | "request"> & Partial<Pick<PromptPayload, "evidence">>;

export type AgentDenial =
	/** A rule denied the call; `reason` is the operator's reason on the rule. */
	| { readonly kind: "policy"; readonly subject: DenialSubject; readonly reason: string | null }
	/** The human at this session refused; `reason` is what they typed. */
	| { readonly kind: "user"; readonly subject: DenialSubject; readonly reason: string | null }
	/**
	 * The serving parent session's own rule denied this session's forwarded ask (no one was asked there); `pattern`
	 * and `scope` name that rule, `reason` is the operator's reason on it.
	 */
	| {
			readonly kind: "parent-policy";
			readonly subject: DenialSubject;
			readonly pattern: string;
			readonly scope: string;
			readonly reason: string | null;
	  }
	/** The human at the serving parent session refused this session's forwarded ask; `reason` is what they typed. */
	| { readonly kind: "parent-user"; readonly subject: DenialSubject; readonly reason: string | null }
	/** An authorizer link (a model judge) refused, here or in the parent session; `reason` is the judge's. */
	| {
			readonly kind: "judge";
			readonly subject: DenialSubject;
			readonly name: string;
			readonly inParent: boolean;
			readonly reason: string | null;
	  }
	/** Approval was required and nobody could answer; `cause` says why (e.g. no UI, no serving session). */
	| { readonly kind: "unavailable"; readonly subject: DenialSubject; readonly cause: string }
	/** The permission check itself failed, so the call was blocked. */
	| { readonly kind: "gate-error"; readonly toolName: string | null };

export function renderAgentDenial(denial: AgentDenial): string {
	switch (denial.kind) {
		case "policy":
			return `${AGENT_TAG} Denied by policy: ${identify(denial.subject)}.${notCheckedClause(denial)}${reasonClause(denial.reason)}`;
		case "user":
			return `${AGENT_TAG} Denied by the user: ${identify(denial.subject)}.${notCheckedClause(denial)}${protectedClause(denial.subject)}${reasonClause(denial.reason)}`;
		case "parent-policy":
			return `${AGENT_TAG} Denied by the parent session's policy: ${identify(denial.subject)}; the parent's rule \`${clean(denial.pattern, DENIAL_ELEMENT_MAX_LENGTH)}\` (${clean(denial.scope, 40)}) denies it, so no one was asked.${notCheckedClause(denial)}${reasonClause(denial.reason)}`;
		case "parent-user":
			return `${AGENT_TAG} Denied by the user of the parent session: ${identify(denial.subject)}.${notCheckedClause(denial)}${protectedClause(denial.subject)}${reasonClause(denial.reason)}`;
		case "judge": {
			const where = denial.inParent ? " of the parent session" : "";
			return `${AGENT_TAG} Denied by the model judge \`${clean(denial.name, 80)}\`${where}: ${identify(denial.subject)}.${notCheckedClause(denial)}${reasonClause(denial.reason)}`;
		}
		case "unavailable":
			return `${AGENT_TAG} Approval was required for ${identify(denial.subject)}, but no interactive UI or authority could answer (${clean(denial.cause, DENIAL_REASON_MAX_LENGTH)}).${notCheckedClause(denial)}${protectedClause(denial.subject)} The call was not run.`;
		case "gate-error": {
			const tool = denial.toolName === null ? "the call" : `the \`${clean(denial.toolName, 80)}\` call`;
			return `${AGENT_TAG} Blocked ${tool}: the permission check failed, so it was not run.`;
		}
		default: {
			const unhandled: never = denial;
			throw new Error(`unhandled denial ${String(unhandled)}`);
		}
	}
}

/** Surface, tool, flagged element and rule: enough to correct the call, never the call itself. */
function identify(subject: DenialSubject): string {
	const { request } = subject;
	const parts = [`${surfaceNoun(request.surface)}`];
	const element = flaggedElement(subject);
	if (element !== null) parts[0] = `${parts[0]} \`${clean(element, DENIAL_ELEMENT_MAX_LENGTH)}\``;
	if (request.toolName !== null && request.toolName !== request.surface) {
		parts.push(`via tool \`${clean(request.toolName, 80)}\``);
	}
	const failClosed = failClosedRuleText(request, subject.evidence, true);
	const rule =
		failClosed !== null
			? clean(failClosed, DENIAL_REASON_MAX_LENGTH)
			: request.matchedPattern === null
				? "no rule matched"
				: `matched rule \`${clean(request.matchedPattern, DENIAL_ELEMENT_MAX_LENGTH)}\`${request.ruleOrigin === null ? "" : ` (${request.ruleOrigin})`}`;
	parts.push(rule);
	const context = describeCommandContext(request.commandContext);
	if (context !== null) parts.push(context);
	return parts.join(", ");
}

function surfaceNoun(surface: string): string {
	switch (surface) {
		case "bash":
			return "bash command";
		case "path":
			return "path";
		case "write":
			return "write to";
		case "external_directory":
			return "path outside the working directory";
		case "mcp":
			return "MCP target";
		case "skill":
			return "skill";
		case "network":
			return "network host";
		default:
			return `tool \`${clean(surface, 80)}\``;
	}
}

/**
 * The element the rule fired on, or `null` when naming it would reproduce the call: a bash unit is the command
 * itself, and a generic tool's value may be drawn from its input.
 */
function flaggedElement(subject: DenialSubject): string | null {
	switch (subject.request.surface) {
		case "bash":
			// SECURITY: a bash unit is (part of) the command; the denial never echoes it.
			return null;
		case "path":
		case "write":
		case "external_directory":
		case "mcp":
		case "skill":
		case "network":
			return subject.request.value;
		default:
			return null;
	}
}

/** Why a protected target asked: the agent learns that no rule, grant or yolo can let it write there. */
function protectedClause(subject: DenialSubject): string {
	const reason = protectedReason(subject);
	if (reason === null) return "";
	const why = reason.replace(/; only you can approve this$/, "");
	return ` The call ${clean(why, DENIAL_REASON_MAX_LENGTH)}: a protected file only the human at the terminal may approve, whatever the rules, session grants or yolo mode say.`;
}

/**
 * Why the command could not be checked (the parser's specific reason, or a work bound's), when that is why it asked:
 * the agent learns what to change. Said once: a reason that already states it (yolo's refusal) is not repeated.
 */
function notCheckedClause(denial: Exclude<AgentDenial, { kind: "gate-error" }>): string {
	const notChecked = notCheckedReason(denial.subject.evidence);
	if (notChecked === null) return "";
	const reason = "reason" in denial ? denial.reason : null;
	if (reason?.includes(notChecked)) return "";
	// SECURITY: the denial never reproduces the command; a reason quoting it (user text is in backticks, as in
	// `payload \`…\` is unparseable`) is for the person and the log only (the yolo floor keeps the same rule).
	if (notChecked.includes("`")) return " The command could not be checked completely (the reason quotes the command).";
	return ` The command could not be checked completely: ${clean(notChecked, DENIAL_REASON_MAX_LENGTH)}.`;
}

function reasonClause(reason: string | null): string {
	return reason === null || reason.trim() === "" ? "" : ` Reason: ${clean(reason, DENIAL_REASON_MAX_LENGTH)}`;
}

function clean(text: string, max: number): string {
	return capLength(visibleText(text), max);
}
