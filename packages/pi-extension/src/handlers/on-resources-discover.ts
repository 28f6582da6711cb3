/**
 * Owns: the `resources_discover` handler: reload the config through the open session, so a changed config file or a
 * newly trusted project applies from the next decision; then show the warnings the new config raises that this
 * session has not shown yet, and set the status line from the new policy.
 * Never: contributes resources, or lets a failure escape into Pi (a failed reload keeps the previous policy).
 */
import type { ExtensionContext, ResourcesDiscoverEvent } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";
import { ShownWarnings, startupWarnings } from "../startup-warnings";
import { STATUS_KEY, statusText } from "../status-indicator";

export function onResourcesDiscover(state: ExtensionState) {
	// Keyed by session, so a new session (and its `session_start` warnings) starts a fresh ledger.
	const ledgers = new WeakMap<PermissionSession, ShownWarnings>();
	return async (_event: ResourcesDiscoverEvent, ctx: ExtensionContext): Promise<void> => {
		try {
			const before = await state.sessionFor(ctx);
			// INVARIANT: the first reload a session sees follows its `session_start`, which showed exactly the warnings
			// of the config it opened with; they seed the ledger.
			const ledger =
				ledgers.get(before) ?? new ShownWarnings(startupWarnings(before.policies.config, before.policies.policy));
			const session = await state.reload(ctx);
			if (session !== before) return;
			ledgers.set(session, ledger);
			if (!ctx.hasUI) return;
			for (const line of ledger.unseen(startupWarnings(session.policies.config, session.policies.policy)))
				ctx.ui.notify(line, "warning");
			ctx.ui.setStatus(STATUS_KEY, statusText(session.policies.policy, session.logs.writeFailure));
		} catch (error) {
			if (ctx.hasUI) {
				const message = error instanceof Error ? error.message : String(error);
				ctx.ui.notify(`pi-permissions could not reload its config; the previous policy stays: ${message}`, "error");
			}
		}
	};
}
