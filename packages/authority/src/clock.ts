/**
 * Owns: the `Clock` every bounded wait in authority goes through (time, sleeps), and the system implementation.
 * Never: reads time or sets a timer anywhere else; tests inject a manual clock and small intervals instead.
 */

export interface Clock {
	/** Milliseconds since the epoch. Must not throw. */
	now(): number;
	/** Resolves after `ms` milliseconds, or as soon as `signal` aborts. Must not reject. */
	sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now` and `setTimeout`; constructed only at a composition root or in a real-process test. */
export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: (ms, signal) =>
		new Promise<void>((resolve) => {
			if (signal?.aborted) {
				resolve();
				return;
			}
			const onAbort = (): void => {
				clearTimeout(timer);
				resolve();
			};
			const timer = setTimeout(
				() => {
					signal?.removeEventListener("abort", onAbort);
					resolve();
				},
				Math.max(0, ms),
			);
			signal?.addEventListener("abort", onAbort, { once: true });
		}),
};
