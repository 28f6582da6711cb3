/**
 * Owns: what one capability's review produced (not selected, a verdict, or a failure), the inputs every review
 * shares (the facts, the loaded config, the model registry, the clock, the recorded-policy query), and the one judge
 * call a review makes with them (the configured model, timeout and operator instructions applied alike).
 * Never: logs or turns a failure into a verdict; the authorizer does both, in one place.
 */
import type { AuthorizerVerdict, Clock, PolicyLookup } from "@pi-permissions/authority";
import type { Result } from "@pi-permissions/policy";
import type { LoadedJudgeConfig } from "../config/judge-config-loader";
import { callJudgeModel, type JudgeModelRegistry } from "../model/judge-model-client";
import type { VerdictTool } from "../model/verdict-tool";
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
	readonly query: PolicyLookup;
	readonly signal?: AbortSignal;
}

/** What one capability asks the model: its prompt, the facts as the model reads them, and its verdict tool. */
interface JudgeQuestion<T> {
	readonly systemPrompt: string;
	readonly userText: string;
	readonly tool: VerdictTool<T>;
}

/** Asks the configured model `question`, with the operator's instructions after the capability's own prompt. */
export function askJudge<T>(inputs: ReviewInputs, question: JudgeQuestion<T>): Promise<Result<T, JudgeFailure>> {
	const { config } = inputs.loaded;
	return callJudgeModel({
		registry: inputs.registry,
		provider: config.provider,
		model: config.model,
		timeoutMs: config.timeoutMs,
		clock: inputs.clock,
		systemPrompt: withInstructions(question.systemPrompt, config.instructions),
		userText: question.userText,
		tool: question.tool,
		...(inputs.signal === undefined ? {} : { signal: inputs.signal }),
	});
}

function withInstructions(base: string, instructions: string): string {
	return instructions.trim() === "" ? base : `${base}\n\nOperator guidance:\n${instructions}`;
}
