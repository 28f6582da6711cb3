/**
 * Owns: a hand-driven `DialogClock` for dialog tests: time moves only when a test advances it, and a timer runs when
 * its time is reached.
 * Never: reads the real clock or sets a real timer.
 */
import type { DialogClock } from "../../src/ui/permission-dialog";

interface Timer {
	readonly run: () => void;
	readonly at: number;
	cleared: boolean;
}

export class FakeDialogClock implements DialogClock {
	private time: number;
	private readonly timers: Timer[] = [];

	constructor(start = 0) {
		this.time = start;
	}

	now(): number {
		return this.time;
	}

	setTimer(run: () => void, ms: number): unknown {
		const timer: Timer = { run, at: this.time + ms, cleared: false };
		this.timers.push(timer);
		return timer;
	}

	clearTimer(handle: unknown): void {
		(handle as Timer).cleared = true;
	}

	/** Moves time forward by `ms`, running every timer that comes due, in order. */
	advance(ms: number): void {
		const until = this.time + ms;
		for (;;) {
			const due = this.timers.filter((timer) => !timer.cleared && timer.at <= until).sort((a, b) => a.at - b.at)[0];
			if (due === undefined) break;
			due.cleared = true;
			this.time = due.at;
			due.run();
		}
		this.time = until;
	}
}
