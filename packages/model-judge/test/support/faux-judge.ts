/**
 * Owns: a real Pi model registry (ModelRuntime + ModelRegistry) whose judge provider is pi-ai's faux provider, so
 * tests script the judge's replies and see exactly what it was sent.
 * Never: fakes the registry; only the model's answers are scripted.
 */
import {
	type AssistantMessage,
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxToolCall,
	InMemoryCredentialStore,
	type JsonObject,
	type SimpleStreamOptions,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import { ModelRegistry, ModelRuntime } from "@earendil-works/pi-coding-agent";

export type FauxHandle = ReturnType<typeof fauxProvider>;

export interface SeenCall {
	readonly context: TranscriptContext;
	readonly options: SimpleStreamOptions | undefined;
}

export interface FauxJudge {
	readonly faux: FauxHandle;
	readonly registry: ModelRegistry;
	/** Every request the judge model received, in order. */
	readonly seen: SeenCall[];
	/** Queues replies; each one also records the request it answered. */
	script(...steps: FauxResponseStep[]): void;
}

export const JUDGE_PROVIDER = "judge";
export const JUDGE_MODEL = "judge-1";

export async function fauxJudge(): Promise<FauxJudge> {
	const faux = fauxProvider({ provider: JUDGE_PROVIDER, models: [{ id: JUDGE_MODEL }] });
	const runtime = await ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		refreshOnCreate: false,
	});
	runtime.registerNativeProvider(faux.provider);
	const registry = new ModelRegistry(runtime);
	const seen: SeenCall[] = [];
	return {
		faux,
		registry,
		seen,
		script(...steps) {
			faux.appendResponses(
				steps.map((step) => async (context, options, state, model) => {
					seen.push({ context, options });
					return typeof step === "function" ? step(context, options, state, model) : step;
				}),
			);
		},
	};
}

/** A reply that calls the (only) tool with `args`. */
export function toolReply(args: JsonObject, name = "report_path_verdict"): AssistantMessage {
	return fauxAssistantMessage([fauxToolCall(name, args)], { stopReason: "toolUse" });
}

/** A prose reply without any tool call. */
export function proseReply(text: string): AssistantMessage {
	return fauxAssistantMessage([fauxText(text)]);
}

/** A step that never answers until the request is aborted, then reports the abort as providers do. */
export const hangingStep: FauxResponseStep = (_context, options) =>
	new Promise<AssistantMessage>((resolve) => {
		const aborted = (): void => resolve(fauxAssistantMessage("", { stopReason: "aborted" }));
		if (options?.signal?.aborted) aborted();
		else options?.signal?.addEventListener("abort", aborted, { once: true });
	});

/** Every text the judge model was sent (system prompt included), joined. */
export function sentText(call: SeenCall): string {
	return JSON.stringify(call.context.messages);
}
