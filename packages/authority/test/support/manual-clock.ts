/** A clock whose time moves only when a test advances it; sleeps resolve as their deadline passes. */
import type { Clock } from "../../src/clock";

interface Sleeper {
	readonly until: number;
	readonly resolve: () => void;
}

export class ManualClock implements Clock {
	private current: number;
	private sleepers: Sleeper[] = [];

	constructor(start = 1_000_000) {
		this.current = start;
	}

	now(): number {
		return this.current;
	}

	sleep(ms: number, signal?: AbortSignal): Promise<void> {
		return new Promise((resolve) => {
			if (signal?.aborted) return resolve();
			const sleeper = { until: this.current + ms, resolve };
			this.sleepers.push(sleeper);
			signal?.addEventListener("abort", () => resolve(), { once: true });
		});
	}

	/** How many sleeps are pending (a test waits for this instead of for wall time). */
	pendingSleeps(): number {
		return this.sleepers.length;
	}

	advance(ms: number): void {
		this.current += ms;
		const due = this.sleepers.filter((sleeper) => sleeper.until <= this.current);
		this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.current);
		for (const sleeper of due) sleeper.resolve();
	}
}

/** A clock whose sleeps resolve on the next macrotask while time jumps ahead by the slept amount. */
export class SteppingClock implements Clock {
	constructor(private current = 1_000_000) {}

	now(): number {
		return this.current;
	}

	sleep(ms: number): Promise<void> {
		this.current += ms;
		return new Promise((resolve) => setImmediate(resolve));
	}

	set(time: number): void {
		this.current = time;
	}
}
