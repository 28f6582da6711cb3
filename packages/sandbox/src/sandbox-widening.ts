/**
 * Owns: which rule origins may widen the OS sandbox (`widensSandbox`): only the config scopes the operator wrote.
 * Never: reads rules; the plan's parts ask it about each allow they would translate.
 */
import type { RuleOrigin } from "@pi-permissions/policy";

/**
 * Whether an allow of this origin may widen the OS sandbox: only the config scopes the operator wrote (an "always"
 * answer is written into the global or project file, and is then the operator's rule there).
 */
export function widensSandbox(origin: RuleOrigin): boolean {
	// INVARIANT: an inclusion list, switched over every origin, so a new origin must be decided here to build.
	switch (origin) {
		case "global":
		case "project":
		case "agent":
		case "project-agent":
			return true;
		// SECURITY: a session grant is a person's answer to one ask in this session; the gate keeps honouring it, but
		// the OS sandbox stays what the files say (the sandbox's rules never include session rules anyway).
		case "session":
		// yolo turned the operator's asks into allows; built-in and baseline rules are not the operator's; a fail-closed
		// rule is never an allow.
		case "yolo":
		case "builtin":
		case "baseline":
		case "fail-closed":
		// A managed allow answers only what nothing below denies (ADR 0055), which the sandbox cannot see rule by rule: it
		// stays out, so the sandbox is never wider than the gate. A mode's outcome is no rule.
		case "managed":
		case "mode:plan":
		case "mode:accept-edits":
		case "mode:dont-ask":
			return false;
		default: {
			const unhandled: never = origin;
			throw new Error(`unhandled rule origin ${String(unhandled)}`);
		}
	}
}
