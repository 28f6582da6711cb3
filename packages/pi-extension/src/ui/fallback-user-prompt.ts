/**
 * Owns: the `select`/`input` fallback terminal UI: it shows the rendered ask through `ctx.ui.select`, asks for a
 * typed reason through `ctx.ui.input`, and maps the chosen label back to a `UserAnswer`.
 * Never: renders text itself (presentation does) or decides: a dismissed or timed-out dialog is a denial.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { AskDetails, GrantScope, UserAnswer, UserPrompt } from "@pi-permissions/authority";
import { type FallbackOption, PLAIN_PAINTER, renderFallbackText } from "@pi-permissions/presentation";

export interface FallbackPromptSettings {
	readonly promptMaxRows: number;
	readonly promptFieldMaxWidth: number;
	/** How long a dialog waits for the human before it counts as a denial (every ask is bounded). */
	readonly timeoutMs: number;
}

/** The select title has no terminal to measure; this width keeps rows readable in any client. */
export const FALLBACK_WIDTH = 100;

export class FallbackUserPrompt implements UserPrompt {
	constructor(
		private readonly ui: ExtensionUIContext,
		private readonly settings: () => FallbackPromptSettings,
	) {}

	async ask(details: AskDetails, scopes: readonly GrantScope[]): Promise<UserAnswer> {
		const settings = this.settings();
		const text = renderFallbackText(details.payload, {
			width: FALLBACK_WIDTH,
			maxRows: settings.promptMaxRows,
			fieldMaxWidth: settings.promptFieldMaxWidth,
			painter: PLAIN_PAINTER,
		});
		const dialog = { timeout: settings.timeoutMs, ...(details.signal === undefined ? {} : { signal: details.signal }) };
		const offered = text.options.filter(
			(option) => option.decision !== "approved_for_session" || scopes.includes("requester-session"),
		);
		const picked = pick(
			offered,
			await this.ui.select(
				text.title,
				offered.map((option) => option.label),
				dialog,
			),
		);
		switch (picked) {
			case null:
			case "denied":
				return { answer: "deny", reason: null, via: "select" };
			case "approved":
				return { answer: "allow", scope: "once", via: "select" };
			case "approved_for_session":
				return { answer: "allow", scope: await this.sessionScope(text.scope, scopes, dialog), via: "select" };
			case "denied_with_reason": {
				const reason = await this.ui.input(text.reasonTitle, undefined, dialog);
				return { answer: "deny", reason: reason?.trim() ? reason : null, via: "select" };
			}
			default: {
				const unhandled: never = picked;
				throw new Error(`unhandled fallback decision ${String(unhandled)}`);
			}
		}
	}

	/** A forwarded ask asks where a session approval applies; a dismissed choice keeps it to the requester. */
	private async sessionScope(
		scope: ReturnType<typeof renderFallbackText>["scope"],
		scopes: readonly GrantScope[],
		dialog: { readonly timeout: number; readonly signal?: AbortSignal },
	): Promise<GrantScope> {
		if (scope === null || !scopes.includes("serving-session")) return "requester-session";
		const choice = pick(
			scope.options,
			await this.ui.select(
				scope.title,
				scope.options.map((o) => o.label),
				dialog,
			),
		);
		return choice === "approved_for_serving_session" ? "serving-session" : "requester-session";
	}
}

function pick<D extends string>(options: readonly FallbackOption<D>[], label: string | undefined): D | null {
	return options.find((option) => option.label === label)?.decision ?? null;
}
