/**
 * Owns: the decision sink that publishes every decision fact on Pi's event bus as `permissions:decision`.
 * Never: throws into the runner (a failing listener is swallowed) or filters facts.
 */
import type { EventBus } from "@earendil-works/pi-coding-agent";
import type { DecisionFact, DecisionSink } from "@pi-permissions/engine";
import { PERMISSIONS_DECISION_CHANNEL } from "./service/permissions-service";

export function decisionEventSink(events: EventBus): DecisionSink {
	return {
		emit(fact: DecisionFact): void {
			try {
				events.emit(PERMISSIONS_DECISION_CHANNEL, fact);
			} catch {
				// A listener's failure never changes the decision.
			}
		},
	};
}
