/**
 * Owns: the terminal of a session with UI: it asks the human through the adapter's `UserPrompt` and attributes the
 * answer to `user`, offering the grant scopes that fit the ask.
 * Never: draws anything itself; a prompt that rejects or answers garbage is a `gate_error` deny, never an allow.
 */
import { originPayload } from "@pi-permissions/presentation";
import type { AskDetails, GrantScope, TerminalAuthorizer, TerminalDecision } from "./authorizer";
import { gateErrorDecision } from "./authorizer";

/** What the human answered. */
export type UserAnswer =
	| { readonly answer: "allow"; readonly scope: GrantScope; readonly via: "dialog" | "select" }
	| { readonly answer: "deny"; readonly reason: string | null; readonly via: "dialog" | "select" };

/** The adapter's UI: the TUI dialog or the select/input fallback. */
export interface UserPrompt {
	/** Shows the ask and resolves with the answer. May reject (the ask is then denied as a `gate_error`). */
	ask(details: AskDetails, scopes: readonly GrantScope[]): Promise<UserAnswer>;
}

/**
 * A local ask may be approved once, for this session, or always (persisted in the project or global file); a
 * forwarded one for the subagent or the whole serving session; a protected target (the permission config, a git
 * hook, …) once only. Only an ask that carries a session suggestion (the grant a session answer records) offers more
 * than once: an answer "for this session" that records nothing would be read as one that does.
 */
function offeredScopes(details: AskDetails): readonly GrantScope[] {
	const origin = originPayload(details.payload);
	// SECURITY: a protected target is never offered as a session grant, so each write is put to the human again.
	if (origin.answerableBy === "person") return ["once"];
	if (!origin.annotations.some((annotation) => annotation.kind === "session-suggestion")) return ["once"];
	return details.forwarding === null
		? ["once", "requester-session", "always-project", "always-global"]
		: ["once", "requester-session", "serving-session", "always-project", "always-global"];
}

export class LocalUserAuthorizer implements TerminalAuthorizer {
	constructor(private readonly prompt: UserPrompt) {}

	async authorize(details: AskDetails): Promise<TerminalDecision> {
		const scopes = offeredScopes(details);
		let answer: UserAnswer;
		try {
			answer = await this.prompt.ask(details, scopes);
		} catch (error) {
			return gateErrorDecision(
				`the permission prompt failed: ${error instanceof Error ? error.message : String(error)}`,
			);
		}
		const via = answer.via === "select" ? "select" : "dialog";
		if (answer.answer === "allow") {
			// SECURITY: a scope the prompt did not offer is never honoured; it degrades to a one-time approval.
			const scope = scopes.includes(answer.scope) ? answer.scope : "once";
			return { verdict: "allow", scope, decidedBy: { kind: "user", via } };
		}
		if (answer.answer === "deny") {
			const reason = typeof answer.reason === "string" && answer.reason.trim() !== "" ? answer.reason : null;
			return { verdict: "deny", reason, unavailable: false, decidedBy: { kind: "user", via } };
		}
		return gateErrorDecision("the permission prompt returned an unknown answer");
	}
}
