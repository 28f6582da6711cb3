/**
 * Owns: choosing a session's terminal once, from its context: UI -> local user; subagent -> parent; else deny.
 * Never: re-selects per ask, or constructs a terminal it did not select (the factories are called at most once).
 */
import type { TerminalAuthorizer } from "./authorizer";
import { DenyingAuthorizer, NO_AUTHORITY_REASON } from "./denying-authorizer";

interface SessionAuthorityContext {
	readonly hasUI: boolean;
	readonly isSubagent: boolean;
}

interface AuthoritySelectionDeps {
	/** Builds the local-user terminal; called only when the session has UI. May throw (selection then denies). */
	readonly localUser: () => TerminalAuthorizer;
	/** Builds the forwarding terminal; called only for a UI-less subagent. May throw (selection then denies). */
	readonly parent: () => TerminalAuthorizer;
}

type TerminalKind = "local-user" | "parent" | "denying";

export interface SelectedAuthority {
	readonly kind: TerminalKind;
	readonly terminal: TerminalAuthorizer;
	/** False only for the relaying parent terminal: that node runs no links; the serving node's chain adjudicates. */
	readonly adjudicatesLocally: boolean;
	/** Why this terminal was chosen, for the log and the `/permissions` view. */
	readonly reason: string;
}

function denying(reason: string): SelectedAuthority {
	return { kind: "denying", terminal: new DenyingAuthorizer(reason), adjudicatesLocally: true, reason };
}

export function selectAuthority(context: SessionAuthorityContext, deps: AuthoritySelectionDeps): SelectedAuthority {
	try {
		if (context.hasUI) {
			return { kind: "local-user", terminal: deps.localUser(), adjudicatesLocally: true, reason: "the session has UI" };
		}
		if (context.isSubagent) {
			return {
				kind: "parent",
				terminal: deps.parent(),
				adjudicatesLocally: false,
				reason: "the session is a subagent; asks are forwarded to its parent",
			};
		}
	} catch (error) {
		return denying(`selecting the terminal failed: ${error instanceof Error ? error.message : String(error)}`);
	}
	return denying(NO_AUTHORITY_REASON);
}
