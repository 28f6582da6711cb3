/**
 * Owns: timing several async bodies against each other: after a warm-up, rounds of `batch` sequential awaited calls,
 * the bodies taking turns round by round so machine load drifts over all of them alike (the event loop gets a turn
 * between batches, as Pi gives it between tool calls); medians and spread.
 * Never: judges the numbers; it only measures.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** Per-call wall time of each body, in milliseconds, one sample per round. */
export interface InterleavedSamples {
	readonly perRound: readonly (readonly number[])[];
}

export function median(values: readonly number[]): number {
	return quantile(values, 0.5);
}

/** The `q` quantile (nearest rank) of `values`; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** Times one batch of `batch` sequential calls of `body`; the mean per call in milliseconds. */
export async function timeBatch(body: () => Promise<void>, batch: number): Promise<number> {
	const start = performance.now();
	for (let i = 0; i < batch; i++) await body();
	return (performance.now() - start) / batch;
}

/** Warms every body up (`warmUpBatches` batches each), then takes `rounds` interleaved samples of each. */
export async function interleaved(
	bodies: readonly (() => Promise<void>)[],
	options: { readonly batch: number; readonly rounds: number; readonly warmUpBatches: number },
): Promise<InterleavedSamples> {
	for (let w = 0; w < options.warmUpBatches; w++) {
		for (const body of bodies) {
			await timeBatch(body, options.batch);
			await nextTurn();
		}
	}
	const perRound: number[][] = [];
	for (let r = 0; r < options.rounds; r++) {
		const round: number[] = [];
		for (const body of bodies) {
			round.push(await timeBatch(body, options.batch));
			await nextTurn();
		}
		perRound.push(round);
	}
	return { perRound };
}

/** The median of body `index` over the rounds. */
export function medianOf(samples: InterleavedSamples, index: number): number {
	return median(samples.perRound.map((round) => round[index] ?? 0));
}

/** A quantity computed per round (say, one body's time over another's): its median and interquartile range. */
export function perRound(
	samples: InterleavedSamples,
	of: (round: readonly number[]) => number,
): { readonly median: number; readonly q1: number; readonly q3: number } {
	const values = samples.perRound.map(of);
	return { median: median(values), q1: quantile(values, 0.25), q3: quantile(values, 0.75) };
}
