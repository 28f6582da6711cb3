/**
 * Owns: the `session_start` handler: watch the subagent lifecycle, open this Pi session's permission session (load
 * config, compose, select the terminal), publish its service, show the one-line start notice, the startup warnings
 * (with each policy example the policy fails) and the status indicator and start serving subagents' forwarded asks
 * when there is UI, and announce `permissions:ready` with the session id.
 * Never: lets a failure escape into Pi; a session that failed to open makes every tool call block (fail closed).
 */
import type { EventBus, ExtensionContext, SessionStartEvent } from "@earendil-works/pi-coding-agent";
import type { ExtensionState } from "../extension-state";
import type { PermissionSession } from "../permission-session";
import { PERMISSIONS_READY_CHANNEL } from "../service/permissions-service";
import { startNotice } from "../start-notice";
import { startupWarnings } from "../startup-warnings";
import { STATUS_KEY } from "../status-indicator";

export function onSessionStart(state: ExtensionState, events: EventBus) {
	return async (_event: SessionStartEvent, ctx: ExtensionContext): Promise<void> => {
		// Children announce themselves before they bind their extensions: the subscription comes first.
		state.watchSubagents(events);
		try {
			const session = await state.open(ctx);
			session.publishService();
			if (ctx.hasUI) {
				ctx.ui.notify(startNotice(session.policies.config), "info");
				for (const line of startupWarnings(session.policies.config, session.policies.policy))
					ctx.ui.notify(line, "warning");
				const modeWarning = session.policies.launcherModeWarning;
				if (modeWarning !== null) ctx.ui.notify(modeWarning, "warning");
				if (session.gate.hasExamples) await showExampleWarnings(session, ctx);
				ctx.ui.setStatus(STATUS_KEY, session.statusText());
				// A root session with UI drains its children's asks until close (a subagent with UI does not serve).
				await session.subagents.startServing();
			}
			announce(events, ctx.sessionManager.getSessionId());
		} catch (error) {
			if (ctx.hasUI) {
				const message = error instanceof Error ? error.message : String(error);
				ctx.ui.notify(`pi-permissions failed to start; every tool call will be blocked: ${message}`, "error");
			}
		}
	};
}

/** Examples are decided by the real pipeline, which needs the parser; a failure here never stops the start. */
async function showExampleWarnings(session: PermissionSession, ctx: ExtensionContext) {
	try {
		await session.gate.warm();
		for (const line of await session.gate.exampleWarnings()) ctx.ui.notify(line, "warning");
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		ctx.ui.notify(`pi-permissions: the policy examples could not be checked: ${message}`, "warning");
	}
}

function announce(events: EventBus, sessionId: string): void {
	try {
		events.emit(PERMISSIONS_READY_CHANNEL, { sessionId });
	} catch {
		// A listener's failure does not undo the start.
	}
}
