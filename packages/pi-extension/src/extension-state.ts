/**
 * Owns: what one extension instance keeps between Pi events: the current permission session (replaced at the next
 * `session_start`, closed idempotently at `session_shutdown`; it holds the active agent), the bash parser its
 * sessions share (loaded by the first that needs it), the one subscription to the subagent lifecycle, which bound
 * children it warned about, and the gate errors of calls that failed before a session opened (handed to it when it
 * does).
 * Never: decides anything; Pi's context is turned into plain `SessionFacts` here and nowhere else.
 */
import type { EventBus, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { BashParser } from "@pi-permissions/access-intent";
import { type ChildSession, SubagentRegistry } from "@pi-permissions/authority";
import { type DecisionFact, gateErrorFact } from "@pi-permissions/engine";
import { detectActiveAgent, type SessionEntryLike } from "./agent/active-agent";
import { childSessionRegistry, watchSubagentLifecycle } from "./authority/subagent-lifecycle";
import {
	PermissionSession,
	type PermissionSessionDeps,
	type SessionFacts,
	type SessionToolCall,
} from "./permission-session";
import { PERMISSIONS_READY_CHANNEL } from "./service/permissions-service";
import { serviceRegistry } from "./service/service-registry";
import { BashParserLoader } from "./session/bash-parser-loader";

/** Gate errors kept while no session exists, at most (a session that never opens must not grow this). */
const MAX_EARLY_GATE_ERRORS = 32;

export class ExtensionState {
	private session: Promise<PermissionSession> | null = null;
	/** `session` once it has opened (the hot path reads it without awaiting). */
	private opened: PermissionSession | null = null;
	/** The parser every session of this instance shares: loaded once, by the first session that needs it. */
	private readonly parser = new BashParserLoader(() => BashParser.load());
	private unwatchSubagents: (() => void) | null = null;
	/** Children already warned about as ungated (once per child). */
	private readonly warnedChildren = new Set<string>();
	/** Sessions that announced `permissions:ready` on this bus (a child sharing its parent's bus). */
	private readonly readySessions = new Set<string>();
	/** Gate errors of calls that failed while no session was open, for the next session's review log. */
	private earlyGateErrors: { readonly fact: DecisionFact; readonly at: number }[] = [];

	constructor(private readonly deps: PermissionSessionDeps) {}

	/**
	 * Reads the active-agent signal (the system prompt's tag, else the latest `active_agent` entry on the branch) and
	 * makes it `session`'s active agent. Rejects when the agent's policy cannot be loaded (its calls then block).
	 */
	useSignalledAgent(session: PermissionSession, ctx: ExtensionContext, systemPrompt: string): Promise<void> {
		return session.policies.useAgent(detectActiveAgent(systemPrompt, branchOf(ctx)));
	}

	/**
	 * Records in-process children announced on `events` (`subagents:child:session-created` / `disposed`) where
	 * authority looks them up. Subscribes once per extension instance; never throws.
	 */
	watchSubagents(events: EventBus): void {
		if (this.unwatchSubagents !== null) return;
		try {
			const offLifecycle = watchSubagentLifecycle(events, childSessionRegistry(this.deps.edges.globalHost), (child) =>
				this.childBound(child),
			);
			const offReady = events.on(PERMISSIONS_READY_CHANNEL, (payload) => {
				const sessionId = (payload as { sessionId?: unknown } | null)?.sessionId;
				if (typeof sessionId === "string") this.readySessions.add(sessionId);
			});
			this.unwatchSubagents = () => {
				offLifecycle();
				offReady();
			};
		} catch {
			// Without the subscription, in-process children are still found through their environment hints.
		}
	}

	/**
	 * Seed 002 ("child-lifecycle": a consumer audits each child for a permission node of its own on `bound`): a child
	 * whose extensions are bound while pi-permissions has neither published its service nor announced
	 * `permissions:ready` in it runs every tool ungated. The session warns about it once, naming it, and records it.
	 */
	private childBound(child: ChildSession): void {
		const id = child.childSessionId;
		if (this.warnedChildren.has(id) || this.readySessions.has(id)) return;
		if (serviceRegistry(this.deps.edges.globalHost).get(id) !== undefined) return;
		const session = this.opened;
		if (session === null) return;
		this.warnedChildren.add(id);
		const known = new SubagentRegistry(this.deps.edges.globalHost).get(id);
		session.subagents.warnUngated({ childSessionId: id, agentName: child.agentName ?? known?.agentName ?? null });
	}

	/** Closes any previous session and opens one for `ctx` (config loaded, nothing started). */
	open(ctx: ExtensionContext): Promise<PermissionSession> {
		const previous = this.session;
		const facts = sessionFacts(ctx);
		// Assigned before any await, so a second caller finds this session instead of opening another.
		this.opened = null;
		const opening = closeQuietly(previous).then(() => PermissionSession.open(this.deps, facts, this.parser));
		this.session = opening;
		opening.then(
			(session) => {
				if (this.session === opening) this.opened = session;
				this.handOverEarlyGateErrors(session);
			},
			() => undefined,
		);
		return opening;
	}

	/** The open session once it has finished opening, without a turn of the microtask queue; else `null`. */
	get openedSession(): PermissionSession | null {
		return this.opened;
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
		await session.policies.reload();
		return session;
	}

	/** Stops the current session, if any. Idempotent; never rejects. */
	close(): Promise<void> {
		const session = this.session;
		this.session = null;
		this.opened = null;
		return closeQuietly(session);
	}

	/**
	 * Publishes the gate error of a call that failed before any session could decide it (the runner reports its own),
	 * under the open session's active agent, else the agent the session entries of `ctx` name. Never throws.
	 */
	reportGateError(call: SessionToolCall, ctx: ExtensionContext, error: unknown): void {
		try {
			const agentName = this.opened === null ? detectActiveAgent(null, branchOf(ctx)) : this.opened.policies.agentName;
			const fact = gateErrorFact(
				{ toolName: call.toolName, toolCallId: call.toolCallId, agentName },
				this.deps.edges.ids.next(),
				null,
				error instanceof Error ? error.message : String(error),
			);
			this.deps.sink.emit(fact);
			const at = this.deps.edges.now();
			if (this.opened !== null) this.opened.logs.gateErrorOutsideRunner(fact, at, false);
			else if (this.earlyGateErrors.length < MAX_EARLY_GATE_ERRORS) this.earlyGateErrors.push({ fact, at });
		} catch {
			// The call is blocked whether or not the report reaches anyone.
		}
	}

	/** Hands the gate errors kept while no session existed to the session that just opened. Never throws. */
	private handOverEarlyGateErrors(session: PermissionSession): void {
		const early = this.earlyGateErrors;
		this.earlyGateErrors = [];
		for (const { fact, at } of early) session.logs.gateErrorOutsideRunner(fact, at, true);
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
		agentName: detectActiveAgent(null, branchOf(ctx)),
	};
}

/** The current branch's entries, oldest first; none when Pi cannot list them (the main session then applies). */
function branchOf(ctx: ExtensionContext): readonly SessionEntryLike[] {
	try {
		return ctx.sessionManager.getBranch();
	} catch {
		return [];
	}
}

async function closeQuietly(session: Promise<PermissionSession> | null): Promise<void> {
	if (session === null) return;
	try {
		await (await session).close();
	} catch {
		// A session that never opened has nothing to stop.
	}
}
