/**
 * Owns: the least-privilege terminal of a session with no reachable authority (no UI, not a subagent).
 * Never: prompts or forwards; it denies as `confirmation_unavailable`, never as a user denial.
 */
import type { TerminalAuthorizer, TerminalDecision } from "./authorizer";
import { unavailableDecision } from "./authorizer";

export const NO_AUTHORITY_REASON =
	"no one can confirm this: the session has no UI and is not a subagent whose parent could be asked";

export class DenyingAuthorizer implements TerminalAuthorizer {
	constructor(private readonly reason: string = NO_AUTHORITY_REASON) {}

	authorize(): Promise<TerminalDecision> {
		return Promise.resolve(unavailableDecision(this.reason));
	}
}
