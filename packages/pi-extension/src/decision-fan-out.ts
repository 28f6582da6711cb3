/**
 * Owns: handing each decision fact to several sinks (the event bus, the review log), in order, each isolated.
 * Never: lets one sink's throw skip the next or reach the runner.
 */
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";

export function decisionFanOut(sinks: readonly DecisionSink[]): DecisionSink {
	return {
		emit(fact: DecisionFact): void {
			for (const sink of sinks) {
				try {
					sink.emit(fact);
				} catch {
					// The decision stands whatever a sink does.
				}
			}
		},
	};
}
