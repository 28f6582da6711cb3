/**
 * Owns: the cold-call measurement: in a fresh Pi session, the latency of the first `tool_call` after
 * `before_agent_start` has completed (the parser is warmed there) and the model's turn has passed, against the warm
 * latency of the same call in the same session, back to back and after the same model turn (the CPU's caches and
 * predictors go cold over any idle turn, so only the latter isolates what the session's first call pays).
 * Never: reuses a session across samples; each sample opens, measures and closes its own.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { BenchCase } from "./bench-cases";
import { median, timeBatch } from "./interleaved-timing";
import type { PiBenchSession } from "./pi-bench-session";

/**
 * Between `before_agent_start` and the first `tool_call` Pi waits for the model. Turning the event loop this long lets
 * the work Pi itself starts with a session settle, so it is not billed to the first call (without it Pi's own empty
 * handler measures about 150 µs on its first call).
 */
const MODEL_TURN_MS = 10;

/** Keeps the event loop turning (timers and I/O run) for `MODEL_TURN_MS` without letting the process sleep. */
export async function modelTurn(): Promise<void> {
	const until = performance.now() + MODEL_TURN_MS;
	while (performance.now() < until) await nextTurn();
}

export interface ColdSample {
	/** `before_agent_start` emission, parser warm-up included. */
	readonly beforeAgentStartMs: number;
	/** The first `tool_call` after it. */
	readonly firstCallMs: number;
	/** The median latency of the same call once warm (after a warm-up), calls back to back. */
	readonly warmMs: number;
	/** The median latency of the same warm call, each one after a model turn like the first call's. */
	readonly warmAfterTurnMs: number;
}

/** Warm calls timed one by one after a model turn each. */
const AFTER_TURN_CALLS = 5;

/** One sample in the fresh session `open` yields; `warm` sizes the warm measurement. */
export async function coldFirstCall(
	open: () => Promise<PiBenchSession>,
	benchCase: BenchCase,
	warm: { readonly batch: number; readonly rounds: number },
): Promise<ColdSample> {
	const session = await open();
	try {
		const startedAt = performance.now();
		await session.beforeAgentStart();
		const beforeAgentStartMs = performance.now() - startedAt;
		await modelTurn();
		const firstAt = performance.now();
		await session.toolCall(benchCase);
		const firstCallMs = performance.now() - firstAt;
		await timeBatch(() => session.toolCall(benchCase), warm.batch * 3);
		const rounds: number[] = [];
		for (let r = 0; r < warm.rounds; r++) rounds.push(await timeBatch(() => session.toolCall(benchCase), warm.batch));
		const afterTurn: number[] = [];
		for (let i = 0; i < AFTER_TURN_CALLS; i++) {
			await modelTurn();
			afterTurn.push(await timeBatch(() => session.toolCall(benchCase), 1));
		}
		return { beforeAgentStartMs, firstCallMs, warmMs: median(rounds), warmAfterTurnMs: median(afterTurn) };
	} finally {
		await session.close();
	}
}

/** The per-field medians of `samples`. */
export function medianSample(samples: readonly ColdSample[]): ColdSample {
	return {
		beforeAgentStartMs: median(samples.map((sample) => sample.beforeAgentStartMs)),
		firstCallMs: median(samples.map((sample) => sample.firstCallMs)),
		warmMs: median(samples.map((sample) => sample.warmMs)),
		warmAfterTurnMs: median(samples.map((sample) => sample.warmAfterTurnMs)),
	};
}
