/**
 * Owns: what one capability's review produced (not selected, a verdict, or a failure) and the inputs every review
 * shares (the facts, the loaded config, the model registry, the clock, the recorded-policy query).
 * Never: logs or turns a failure into a verdict; the authorizer does both, in one place.
 */
import type { AuthorizerVerdict, Clock, PermissionQuery } from "@pi-permissions/authority";
import type { LoadedJudgeConfig } from "../config/judge-config-loader";
import type { JudgeModelRegistry } from "../model/judge-model-client";
import type { AskFacts } from "./ask-facts";
import type { JudgeFailure } from "./judge-failure";

export type ReviewOutcome =
	/** The capability does not look at this ask (another surface, no pattern matched). Not logged. */
	| { readonly kind: "not-selected" }
	/** A verdict, with a one-line note for the log (why it was reached). */
	| {
			readonly kind: "verdict";
			readonly verdict: AuthorizerVerdict;
			readonly note: string;
			readonly modelCalled: boolean;
	  }
	| { readonly kind: "failed"; readonly failure: JudgeFailure; readonly modelCalled: boolean };

export interface ReviewInputs {
	readonly facts: AskFacts;
	readonly loaded: LoadedJudgeConfig;
	readonly registry: JudgeModelRegistry;
	readonly clock: Clock;
	readonly query: PermissionQuery;
	readonly signal?: AbortSignal;
}
