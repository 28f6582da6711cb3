/**
 * Owns: `pollUntil`, the one way the real-Pi suites wait for something outside the test process: a probe polled at
 * an interval until it yields a value or the bound passes, with a failure that says what was awaited and what was seen.
 * Never: waits without a bound.
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface PollOptions {
	/** What is awaited, for the failure message ("the permission dialog"). */
	readonly what: string;
	readonly timeoutMs: number;
	readonly intervalMs?: number;
	/** What was seen last, appended to the failure message (a screen, a stderr tail). */
	readonly detail?: () => string;
}

/** Polls `probe` until it returns something other than `undefined`; rejects after `timeoutMs`. */
export async function pollUntil<T>(
	probe: () => T | undefined | Promise<T | undefined>,
	options: PollOptions,
): Promise<T> {
	const deadline = Date.now() + options.timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() >= deadline) {
			const detail = options.detail?.() ?? "";
			throw new Error(
				`timed out after ${options.timeoutMs} ms waiting for ${options.what}${detail === "" ? "" : `\n${detail}`}`,
			);
		}
		await sleep(options.intervalMs ?? 50);
	}
}

/** The last `max` characters of a text, for failure messages. */
export function tail(text: string, max = 2_000): string {
	return text.length <= max ? text : `…${text.slice(-max)}`;
}
