/**
 * Owns: the `resources_discover` handler: reload the config through the open session, so a changed config file or a
 * newly trusted project applies from the next decision; then show the warnings the new config raises that this
 * session has not shown yet, with the authorizer links the chain names that are not answering (Pi fires this event
 * after every extension's `session_start`, so a link not registered by now never will be), and set the status line.
 * Never: contributes resources, or lets a failure escape into Pi (a failed reload keeps the previous policy).
 */
import type { ExtensionContext, ResourcesDiscoverEvent } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";
import { chainWarnings, ShownWarnings, startupWarnings } from "../startup-warnings";
import { STATUS_KEY } from "../status-indicator";

export function onResourcesDiscover(state: ExtensionState) {
	// Keyed by session, so a new session (and its `session_start` warnings) starts a fresh ledger.
	const ledgers = new WeakMap<PermissionSession, ShownWarnings>();
	return async (_event: ResourcesDiscoverEvent, ctx: ExtensionContext): Promise<void> => {
		try {
			const before = await state.sessionFor(ctx);
			before.settleLinks();
			// INVARIANT: the first reload a session sees follows its `session_start`, which showed exactly the warnings
			// of the config it opened with; they seed the ledger.
			const ledger =
				ledgers.get(before) ?? new ShownWarnings(startupWarnings(before.policies.config, before.policies.policy));
			const session = await state.reload(ctx);
			if (session !== before) return;
			ledgers.set(session, ledger);
			if (!ctx.hasUI) return;
			const lines = [
				...startupWarnings(session.policies.config, session.policies.policy),
				...chainWarnings(session.chainProblems()),
			];
			for (const line of ledger.unseen(lines)) ctx.ui.notify(line, "warning");
			ctx.ui.setStatus(STATUS_KEY, session.statusText());
		} catch (error) {
			if (ctx.hasUI) {
				const message = error instanceof Error ? error.message : String(error);
				ctx.ui.notify(`pi-permissions could not reload its config; the previous policy stays: ${message}`, "error");
			}
		}
	};
}
