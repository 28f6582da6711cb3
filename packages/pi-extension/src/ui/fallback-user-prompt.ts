/**
 * Owns: the `select`/`input` fallback terminal UI: it shows the rendered ask through `ctx.ui.select`, asks for a
 * typed reason through `ctx.ui.input`, and maps the chosen label back to a `UserAnswer`.
 * Never: renders text itself (presentation does) or decides: a dismissed or timed-out dialog is a denial.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { AskDetails, GrantScope, UserAnswer, UserPrompt } from "@pi-permissions/authority";
import { type FallbackOption, PLAIN_PAINTER, renderFallbackText } from "@pi-permissions/presentation";
import { type AlwaysOffer, NO_ALWAYS } from "../grants/always-offer";

type FallbackChoice = FallbackOption<
	| "approved"
	| "approved_for_session"
	| "approved_always_project"
	| "approved_always_global"
	| "denied"
	| "denied_with_reason"
>;

interface FallbackPromptSettings {
	readonly promptMaxRows: number;
	readonly promptFieldMaxWidth: number;
	/** How long a dialog waits for the human before it counts as a denial (every ask is bounded). */
	readonly timeoutMs: number;
}

/** The select title has no terminal to measure; this width keeps rows readable in any client. */
const FALLBACK_WIDTH = 100;

export class FallbackUserPrompt implements UserPrompt {
	constructor(
		private readonly ui: ExtensionUIContext,
		private readonly settings: () => FallbackPromptSettings,
		private readonly always: (details: AskDetails) => AlwaysOffer = () => NO_ALWAYS,
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
		const session = text.options.filter(
			(option) => option.decision !== "approved_for_session" || scopes.includes("requester-session"),
		);
		// The same "always" choices as the dialog, right after the session approval.
		const offer = scopes.includes("requester-session") ? this.always(details) : NO_ALWAYS;
		const always: FallbackChoice[] = [];
		if (offer.project !== null && scopes.includes("always-project"))
			always.push({ decision: "approved_always_project", label: offer.project.label });
		if (offer.global !== null && scopes.includes("always-global"))
			always.push({ decision: "approved_always_global", label: offer.global.label });
		const at = session.findIndex((option) => option.decision === "approved_for_session") + 1;
		const offered: FallbackChoice[] = [...session.slice(0, at || 1), ...always, ...session.slice(at || 1)];
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
			case "approved_always_project":
				return { answer: "allow", scope: "always-project", via: "select" };
			case "approved_always_global":
				return { answer: "allow", scope: "always-global", via: "select" };
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
