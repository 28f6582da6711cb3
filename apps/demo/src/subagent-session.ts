/**
 * Owns: the in-process subagent, spawned the way in-process subagent extensions do it: a child Pi session created
 * through the SDK (no UI), announced on the parent's bus with `subagents:child:session-created` before its extensions
 * bind, and `subagents:child:disposed` after it closes.
 * Never: tells pi-permissions who the parent is by any other channel (no environment variables, no shared state).
 */
import type { ExtensionFactory } from "@earendil-works/pi-coding-agent";
import { DemoSession } from "./demo-session";
import type { DemoWorkspace } from "./demo-workspace";
import type { StepRecord } from "./step-record";

/** The subagent lifecycle channels pi-permissions consumes (the wire names of the subagent extensions). */
const CHILD_SESSION_CREATED_CHANNEL = "subagents:child:session-created";
const CHILD_DISPOSED_CHANNEL = "subagents:child:disposed";

interface SubagentOptions {
	readonly space: DemoWorkspace;
	readonly parent: DemoSession;
	readonly agentName: string;
	readonly extension: ExtensionFactory;
	readonly record: StepRecord;
}

export class SubagentSession {
	private constructor(
		readonly session: DemoSession,
		private readonly parent: DemoSession,
	) {}

	static async spawn(options: SubagentOptions): Promise<SubagentSession> {
		const { parent } = options;
		const session = await DemoSession.open({
			space: options.space,
			actor: "subagent",
			extension: options.extension,
			record: options.record,
			ui: null,
			beforeBind: (sessionId) =>
				parent.events.emit(CHILD_SESSION_CREATED_CHANNEL, {
					sessionId,
					parentSessionId: parent.sessionId,
					agentName: options.agentName,
				}),
		});
		return new SubagentSession(session, parent);
	}

	/** Closes the child and announces it gone. Never rejects. */
	async close(): Promise<void> {
		await this.session.close();
		try {
			this.parent.events.emit(CHILD_DISPOSED_CHANNEL, { sessionId: this.session.sessionId });
		} catch {
			// A listener's failure does not keep the child alive.
		}
	}
}
