/**
 * Owns: whether the judge can judge at all in this session, as the one line pi-permissions shows (its
 * `AuthorizerStatus`): no config, an invalid config, no capability that can select an ask, a model Pi's registry does
 * not know, or a model without usable credentials; checked at `session_start`, the credentials within a bound.
 * Never: calls the model, throws, or holds Pi's start longer than the bound (a check that takes longer says nothing).
 */
import type { Clock } from "@pi-permissions/authority";
import type { JudgeSessionState } from "../model-judge-authorizer";
import { failureReason, type JudgeFailure, oneLine } from "../review/judge-failure";

/** How long the credentials check may hold Pi's start (an OAuth refresh can go to the network). */
const CREDENTIALS_CHECK_MS = 3_000;

const UNKNOWN = "unknown" as const;

/** `null` when the judge can judge; else why it cannot, in the words of its logged failures. Never rejects. */
export async function judgeHealth(state: JudgeSessionState, clock: Clock): Promise<string | null> {
	try {
		if (!state.config.ok) {
			const first = state.config.error[0];
			const detail = first === undefined ? "unknown" : `${first.file ?? "merged config"}: ${first.message}`;
			return reason({ kind: "config-invalid", detail: oneLine(detail) });
		}
		const loaded = state.config.value;
		if (loaded === null) return reason({ kind: "no-config" });
		const { config } = loaded;
		const paths = config.typoPaths.enabled && loaded.typoPatterns.length > 0;
		if (!paths && !config.opaqueCommands.enabled)
			return "no capability can select an ask (`typoPaths` has no `typoPatterns` and `opaqueCommands` is off)";
		const model = state.registry.find(config.provider, config.model);
		const named = `\`${config.provider}/${config.model}\``;
		if (model === undefined) return reason({ kind: "model-not-found", detail: named });
		// Pi's own notion of a usable provider: a key, an OAuth login or a provider that needs none.
		if (state.registry.hasConfiguredAuth?.(model) === false)
			return reason({
				kind: "credentials-missing",
				detail: `${named}: Pi has no credentials for \`${config.provider}\` (log in with /login or set its API key)`,
			});
		const stop = new AbortController();
		const auth = await Promise.race([
			state.registry.getApiKeyAndHeaders(model).catch((error: unknown) => ({
				ok: false as const,
				error: error instanceof Error ? error.message : String(error),
			})),
			clock.sleep(CREDENTIALS_CHECK_MS, stop.signal).then(() => UNKNOWN),
		]);
		stop.abort();
		if (auth === UNKNOWN || auth.ok) return null;
		return reason({ kind: "credentials-missing", detail: oneLine(`${named}: ${auth.error}`) });
	} catch (error) {
		return oneLine(`its health check failed: ${error instanceof Error ? error.message : String(error)}`);
	}
}

function reason(failure: JudgeFailure): string {
	return failureReason(failure);
}
