/**
 * Owns: the serving lifecycle of a session with authority: announce (in-process registry + heartbeat file), drain the
 * inbox every poll, and on stop withdraw the announcements and clean the inbox (requests/ before responses/).
 * Never: lets a held-open drain (a human deliberating) stop the heartbeat: the refresh runs ahead of the drain guard.
 */
import type { AuthorityLog } from "../authority-log";
import type { Clock } from "../clock";
import type { HeartbeatStore } from "../liveness/serving-heartbeat";
import type { ServingRegistry } from "../liveness/serving-registry";
import type { ForwardedRequestServer } from "./forwarded-request-server";
import type { ForwardingLayout } from "./forwarding-layout";
import type { ForwardingStore } from "./forwarding-store";

interface ForwardingServingLoopDeps {
	readonly sessionId: string;
	readonly server: Pick<ForwardedRequestServer, "processInbox">;
	readonly heartbeats: HeartbeatStore;
	readonly servingRegistry: ServingRegistry;
	readonly layout: ForwardingLayout;
	readonly store: ForwardingStore;
	readonly clock: Clock;
	readonly log: AuthorityLog;
	readonly pollIntervalMs: number;
	/** How long `stop` waits for an open drain (a human deliberating) before cleaning up anyway. */
	readonly stopWaitMs?: number;
}

export class ForwardingServingLoop {
	private readonly stopSignal = new AbortController();
	private withdrawInProcess: (() => void) | null = null;
	private draining: Promise<unknown> | null = null;
	private loop: Promise<void> | null = null;

	constructor(private readonly deps: ForwardingServingLoopDeps) {}

	/** Starts serving; a second call does nothing. */
	start(): void {
		if (this.loop !== null || this.stopSignal.signal.aborted) return;
		this.withdrawInProcess = this.deps.servingRegistry.announce(this.deps.sessionId);
		this.deps.log.event("forwarded_permission.serving_started", { sessionId: this.deps.sessionId });
		this.loop = this.run();
	}

	/**
	 * Stops serving: waits a bounded time for the current drain, withdraws every announcement and cleans the inbox
	 * (an open escalation then finds its request gone and answers nothing). Idempotent.
	 */
	async stop(): Promise<void> {
		this.stopSignal.abort();
		await this.loop;
		const drained = new AbortController();
		await Promise.race([
			this.draining?.finally(() => drained.abort()),
			this.deps.clock.sleep(this.deps.stopWaitMs ?? 1000, drained.signal),
		]);
		drained.abort();
		if (this.withdrawInProcess === null) return;
		this.withdrawInProcess();
		this.withdrawInProcess = null;
		const { heartbeats, layout, store, sessionId, log } = this.deps;
		await heartbeats.withdraw(sessionId);
		const inbox = layout.inbox(sessionId);
		// INVARIANT: requests/ goes first; removing responses/ first let a late writer recreate it (reference #398).
		await store.removeTree(inbox.requests);
		await store.removeTree(inbox.responses);
		await store.removeTree(inbox.dir);
		log.event("forwarded_permission.serving_stopped", { sessionId });
	}

	/** Runs one tick now: refresh the heartbeat, then drain unless a drain is already running. */
	async tick(): Promise<void> {
		await this.deps.heartbeats.refresh(this.deps.sessionId);
		if (this.draining !== null) return;
		this.draining = this.deps.server.processInbox().finally(() => {
			this.draining = null;
		});
	}

	private async run(): Promise<void> {
		while (!this.stopSignal.signal.aborted) {
			await this.tick();
			await this.deps.clock.sleep(this.deps.pollIntervalMs, this.stopSignal.signal);
		}
	}
}
