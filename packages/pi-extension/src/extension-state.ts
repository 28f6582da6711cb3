/**
 * Owns: what one extension instance keeps between Pi events: the current permission session (replaced at the next
 * `session_start`, closed idempotently at `session_shutdown`) and the warm bash parser its sessions share.
 * Never: decides anything; Pi's context is turned into plain `SessionFacts` here and nowhere else.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { BashParser } from "@pi-permissions/access-intent";
import type { ToolCall } from "@pi-permissions/engine";
import { PermissionSession, type PermissionSessionDeps, type SessionFacts } from "./permission-session";

export class ExtensionState {
	private session: Promise<PermissionSession> | null = null;
	private parser: Promise<BashParser> | null = null;

	constructor(private readonly deps: PermissionSessionDeps) {}

	/** Closes any previous session and opens one for `ctx` (config loaded, nothing started). */
	open(ctx: ExtensionContext): Promise<PermissionSession> {
		const previous = this.session;
		const facts = sessionFacts(ctx);
		// Assigned before any await, so a second caller finds this session instead of opening another.
		const opening = closeQuietly(previous).then(() => PermissionSession.open(this.deps, facts));
		this.session = opening;
		return opening;
	}

	/** The open session, or one opened from `ctx` when no `session_start` reached this instance. */
	sessionFor(ctx: ExtensionContext): Promise<PermissionSession> {
		return this.session ?? this.open(ctx);
	}

	/**
	 * Reloads the open session's config in place (grants and the published service are kept), or opens a session
	 * from `ctx` when none is open.
	 */
	async reload(ctx: ExtensionContext): Promise<PermissionSession> {
		if (this.session === null) return this.open(ctx);
		const session = await this.session;
		await session.reload();
		return session;
	}

	/** Gives the session a warm parser, loading it once per extension instance (a failed load is retried next time). */
	async warm(session: PermissionSession): Promise<void> {
		if (session.isWarm) return;
		session.useParser(await this.loadParser());
	}

	/** Stops the current session, if any. Idempotent; never rejects. */
	close(): Promise<void> {
		const session = this.session;
		this.session = null;
		return closeQuietly(session);
	}

	/**
	 * Publishes the gate error of a call that failed before any session could decide it (the runner reports its own).
	 * Never throws.
	 */
	reportGateError(call: ToolCall, error: unknown): void {
		try {
			this.deps.sink.emit({
				requestId: this.deps.edges.ids.next(),
				toolCallId: call.toolCallId,
				toolName: call.toolName,
				agentName: call.agentName,
				gate: null,
				surface: null,
				value: null,
				result: "deny",
				resolution: "gate_error",
				matchedPattern: null,
				origin: null,
				decidedBy: "gate-error",
				reason: error instanceof Error ? error.message : String(error),
				payload: null,
				sessionPatterns: [],
			});
		} catch {
			// The call is blocked whether or not the report reaches anyone.
		}
	}

	private loadParser(): Promise<BashParser> {
		if (this.parser === null) {
			const loading = BashParser.load();
			this.parser = loading;
			loading.catch(() => {
				if (this.parser === loading) this.parser = null;
			});
		}
		return this.parser;
	}
}

function sessionFacts(ctx: ExtensionContext): SessionFacts {
	const manager = ctx.sessionManager;
	return {
		sessionId: manager.getSessionId(),
		cwd: ctx.cwd,
		sessionDir: manager.getSessionFile() === undefined ? null : manager.getSessionDir(),
		hasUI: ctx.hasUI,
		mode: ctx.mode,
		isProjectTrusted: () => ctx.isProjectTrusted(),
		ui: ctx.ui,
	};
}

async function closeQuietly(session: Promise<PermissionSession> | null): Promise<void> {
	if (session === null) return;
	try {
		await (await session).close();
	} catch {
		// A session that never opened has nothing to stop.
	}
}
