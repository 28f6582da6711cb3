/**
 * Owns: one shared view of which responses have arrived in an inbox, listed at most once per poll interval however
 * many asks wait on it (200 open asks cost one directory listing per tick, not 200 reads).
 * Never: reads or trusts a response's content; a waiter reads its own file once its name shows up.
 */
import type { Clock } from "../clock";
import type { ForwardingStore } from "./forwarding-store";

interface Listing {
	readonly at: number;
	readonly names: ReadonlySet<string>;
}

export class ResponseMailbox {
	private readonly listings = new Map<string, Listing>();
	private readonly pending = new Map<string, Promise<Listing>>();

	constructor(
		private readonly store: ForwardingStore,
		private readonly clock: Clock,
		private readonly maxAgeMs: number,
	) {}

	/** Whether `<responsesDir>/<requestId>.json` was present at a listing at most `maxAgeMs` old. Never throws. */
	async hasArrived(responsesDir: string, requestId: string): Promise<boolean> {
		const listing = await this.listing(responsesDir);
		return listing.names.has(`${requestId}.json`);
	}

	private listing(dir: string): Promise<Listing> {
		const cached = this.listings.get(dir);
		if (cached !== undefined && this.clock.now() - cached.at < this.maxAgeMs) return Promise.resolve(cached);
		const inFlight = this.pending.get(dir);
		if (inFlight !== undefined) return inFlight;
		const at = this.clock.now();
		const next = this.store.listJson(dir).then((names) => {
			const listing = { at, names: new Set(names) };
			this.listings.set(dir, listing);
			this.pending.delete(dir);
			return listing;
		});
		this.pending.set(dir, next);
		return next;
	}
}
