/**
 * Owns: the decision sink that publishes every decision fact on Pi's event bus as `permissions:decision`.
 * Never: throws into the runner (a failing listener is swallowed) or filters facts.
 */
import type { EventBus } from "@earendil-works/pi-coding-agent";
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";

export const DECISION_EVENT = "permissions:decision";

export function decisionEventSink(events: EventBus): DecisionSink {
	return {
		emit(fact: DecisionFact): void {
			try {
				events.emit(DECISION_EVENT, fact);
			} catch {
				// A listener's failure never changes the decision.
			}
		},
	};
}
