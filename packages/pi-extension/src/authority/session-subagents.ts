/**
 * Owns: a session's side of its subagents: serving their forwarded asks (a root session with UI only), and the
 * warning about a subagent that bound without pi-permissions ready in it (recorded, and shown when there is UI).
 * Never: answers a forwarded ask itself (the session's authority does), or throws into the caller.
 */
import type { SessionAuthority } from "@pi-permissions/authority";
import type { SessionLogs } from "../logs/session-logs";
import type { SessionFacts } from "../session/session-facts";

export class SessionSubagents {
	constructor(
		private readonly authority: SessionAuthority,
		private readonly logs: SessionLogs,
		private readonly facts: Pick<SessionFacts, "hasUI" | "ui">,
	) {}

	/** Whether this session serves subagents' forwarded asks. */
	get serves(): boolean {
		return this.authority.serves;
	}

	/** Starts serving subagents' forwarded asks (a root session with UI only; otherwise nothing). Never rejects. */
	async startServing(): Promise<void> {
		try {
			await this.authority.start();
		} catch {
			// A session that cannot serve leaves its children's asks unanswered; they report unavailable.
		}
	}

	/**
	 * Warns the user that a subagent bound without pi-permissions ready in it (its tool calls are not gated), naming
	 * it, and records it in the review log. Never throws.
	 */
	warnUngated(child: { readonly childSessionId: string; readonly agentName: string | null }): void {
		this.logs.ungatedChild(child);
		if (!this.facts.hasUI) return;
		const name = child.agentName === null ? "A subagent" : `Subagent \`${child.agentName}\``;
		try {
			this.facts.ui.notify(
				`pi-permissions: ${name} (session ${child.childSessionId}) started without pi-permissions: its tool calls are not checked or asked about. Load pi-permissions in the subagent's session.`,
				"warning",
			);
		} catch {
			// A warning that cannot be shown is still in the review log.
		}
	}
}
