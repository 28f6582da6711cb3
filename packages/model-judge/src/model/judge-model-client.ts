/**
 * Owns: one bounded judge call through Pi's model registry (pi-ai underneath): model, credentials, one forced tool,
 * abort at `timeoutMs` or on withdrawal, and the first tool call's arguments.
 * Never: writes HTTP, sends the conversation, or lets a failure escape as anything but a `JudgeFailure` value.
 */
import type { Api, AssistantMessage, Context, JsonObject, Model, ModelsApiStreamOptions } from "@earendil-works/pi-ai";
import type { Clock } from "@pi-permissions/authority";
import { err, ok, type Result } from "@pi-permissions/policy";
import { type JudgeFailure, oneLine } from "../review/judge-failure";
import { forcedToolChoice, type VerdictTool } from "./verdict-tool";

/** The part of Pi's `ModelRegistry` (`ctx.modelRegistry`) the judge uses. */
export interface JudgeModelRegistry {
	/** Must not throw; `undefined` when the registry has no such model. */
	find(provider: string, modelId: string): Model<Api> | undefined;
	/**
	 * Whether Pi holds credentials for the model's provider (what its model selector calls available); absent on an
	 * older registry. Must not throw.
	 */
	hasConfiguredAuth?(model: Model<Api>): boolean;
	/** May reject; a rejection counts as missing credentials. */
	getApiKeyAndHeaders(
		model: Model<Api>,
	): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: string }>;
	/** May reject; failures normally arrive as `stopReason: "error"`. */
	complete(model: Model<Api>, context: Context, options?: ModelsApiStreamOptions<Api>): Promise<AssistantMessage>;
}

interface JudgeCall<T> {
	readonly registry: JudgeModelRegistry;
	readonly provider: string;
	readonly model: string;
	readonly timeoutMs: number;
	readonly clock: Clock;
	readonly systemPrompt: string;
	readonly userText: string;
	readonly tool: VerdictTool<T>;
	/** The ask's own signal: aborted when nobody awaits the answer any more. */
	readonly signal?: AbortSignal;
}

const TIMED_OUT = "timed-out" as const;

export async function callJudgeModel<T>(call: JudgeCall<T>): Promise<Result<T, JudgeFailure>> {
	const model = call.registry.find(call.provider, call.model);
	if (model === undefined) return err({ kind: "model-not-found", detail: `\`${call.provider}/${call.model}\`` });
	const auth = await call.registry.getApiKeyAndHeaders(model).catch((error: unknown) => ({
		ok: false as const,
		error: error instanceof Error ? error.message : String(error),
	}));
	if (!auth.ok) return err({ kind: "credentials-missing", detail: oneLine(auth.error) });
	if (call.signal?.aborted) return err({ kind: "withdrawn" });
	const abort = new AbortController();
	const stopTimer = new AbortController();
	const onWithdraw = (): void => abort.abort();
	call.signal?.addEventListener("abort", onWithdraw, { once: true });
	const context: Context = {
		systemPrompt: call.systemPrompt,
		messages: [{ role: "user", content: [{ type: "text", text: call.userText }], timestamp: call.clock.now() }],
		tools: [call.tool.tool],
	};
	try {
		const reply = await Promise.race([
			call.registry.complete(model, context, {
				signal: abort.signal,
				toolChoice: forcedToolChoice(model.api),
			} as ModelsApiStreamOptions<Api>),
			// SECURITY: a provider that ignores the abort still cannot hold the ask past the bound.
			call.clock.sleep(call.timeoutMs, stopTimer.signal).then(() => TIMED_OUT),
		]);
		if (reply === TIMED_OUT) {
			abort.abort();
			return err({ kind: "timeout", detail: `${call.timeoutMs} ms` });
		}
		return readReply(reply, call);
	} catch (error) {
		return err({ kind: "model-error", detail: oneLine(error instanceof Error ? error.message : String(error)) });
	} finally {
		stopTimer.abort();
		call.signal?.removeEventListener("abort", onWithdraw);
	}
}

function readReply<T>(reply: AssistantMessage, call: JudgeCall<T>): Result<T, JudgeFailure> {
	if (reply.stopReason === "aborted") {
		return call.signal?.aborted ? err({ kind: "withdrawn" }) : err({ kind: "timeout", detail: `${call.timeoutMs} ms` });
	}
	if (reply.stopReason === "error")
		return err({ kind: "model-error", detail: oneLine(reply.errorMessage ?? "unknown") });
	// By position, not by name: a provider (OAuth) may rename tools, and only one tool was offered.
	const toolCall = reply.content.find((block) => block.type === "toolCall");
	if (toolCall === undefined) return err({ kind: "no-tool-call" });
	if (toolCall.argumentsError !== undefined) {
		return err({ kind: "malformed-arguments", detail: oneLine(toolCall.argumentsError) });
	}
	return parseArguments(toolCall.arguments, call.tool);
}

function parseArguments<T>(args: JsonObject, tool: VerdictTool<T>): Result<T, JudgeFailure> {
	const parsed = tool.schema.safeParse(args);
	if (parsed.success) return ok(parsed.data);
	const first = parsed.error.issues[0];
	const where = first === undefined || first.path.length === 0 ? "arguments" : first.path.map(String).join(".");
	return err({ kind: "malformed-arguments", detail: oneLine(`${where}: ${first?.message ?? "invalid"}`) });
}
