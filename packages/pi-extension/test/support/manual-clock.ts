/**
 * Owns: a hand-driven authority `Clock` for tests of the TUI dialog through its prompt or a session: time moves only
 * when a test advances it, and a sleep resolves when its time is reached or its signal aborts.
 * Never: reads the real clock or sets a real timer.
 */
import type { Clock } from "@pi-permissions/authority";

interface Sleeper {
	readonly at: number;
	readonly wake: () => void;
	done: boolean;
}

export class ManualClock implements Clock {
	private time: number;
	private readonly sleepers: Sleeper[] = [];

	constructor(start = 1_000_000) {
		this.time = start;
	}

	now(): number {
		return this.time;
	}

	sleep(ms: number, signal?: AbortSignal): Promise<void> {
		return new Promise<void>((resolve) => {
			const sleeper: Sleeper = { at: this.time + ms, wake: resolve, done: false };
			if (signal?.aborted) {
				resolve();
				return;
			}
			signal?.addEventListener(
				"abort",
				() => {
					sleeper.done = true;
					resolve();
				},
				{ once: true },
			);
			this.sleepers.push(sleeper);
		});
	}

	/** Moves time forward by `ms`; every sleep that comes due resolves (its continuation runs on the next microtask). */
	advance(ms: number): void {
		this.time += ms;
		for (const sleeper of this.sleepers) {
			if (sleeper.done || sleeper.at > this.time) continue;
			sleeper.done = true;
			sleeper.wake();
		}
	}
}
