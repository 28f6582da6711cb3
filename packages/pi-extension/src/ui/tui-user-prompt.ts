/**
 * Owns: the interactive-TUI `UserPrompt`: it shows the inline `PermissionDialog` through `ctx.ui.custom` and maps
 * the dialog's decision to a `UserAnswer`; the wait is bounded by the timeout and the ask's abort signal.
 * Never: grants a scope the ask did not offer, or answers anything but a denial when the wait ends without a key.
 */
import type { ExtensionUIContext, Theme } from "@earendil-works/pi-coding-agent";
import type { AskDetails, GrantScope, UserAnswer, UserPrompt } from "@pi-permissions/authority";
import type { Painter } from "@pi-permissions/presentation";
import { type AlwaysOffer, NO_ALWAYS } from "../grants/always-offer";
import type { DialogDecision } from "./dialog-model";
import { PermissionDialog } from "./permission-dialog";
import { PromptPing, type PromptPingSettings, type PromptPingTimers } from "./prompt-ping";

export interface DialogPromptSettings {
	readonly promptMaxRows: number;
	readonly promptFieldMaxWidth: number;
	readonly doublePressToConfirm: boolean;
	/** How long the dialog waits for the human before it counts as a denial. */
	readonly timeoutMs: number;
	/** The ping when nobody answers (ADR 0033); absent: no ping. */
	readonly ping?: PromptPingSettings;
}

/** The real timers the ping uses (this prompt is built only at the composition root's request). */
const PING_TIMERS: PromptPingTimers = {
	set: (run, ms) => setTimeout(run, ms),
	clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const DENIED: DialogDecision = { answer: "deny", reason: null };

export class TuiUserPrompt implements UserPrompt {
	constructor(
		private readonly ui: ExtensionUIContext,
		private readonly settings: () => DialogPromptSettings,
		private readonly always: (details: AskDetails) => AlwaysOffer = () => NO_ALWAYS,
	) {}

	async ask(details: AskDetails, scopes: readonly GrantScope[]): Promise<UserAnswer> {
		const settings = this.settings();
		const offer = this.always(details);
		const project = offer.project !== null && scopes.includes("always-project");
		const global = offer.global !== null && scopes.includes("always-global");
		const config = {
			offersSession: scopes.includes("requester-session"),
			offersAlways: { project, global },
			choosesScope: scopes.includes("serving-session"),
			doublePressToConfirm: settings.doublePressToConfirm,
		};
		const decision = await this.ui.custom<DialogDecision>(
			(tui, theme, keybindings, done) => {
				let settled = false;
				const ping =
					settings.ping === undefined
						? null
						: PromptPing.arm(settings.ping, (data) => tui.terminal.write(data), PING_TIMERS, {
								title: "Pi",
								body: "pi-permissions is waiting for a permission decision",
							});
				const finish = (value: DialogDecision): void => {
					if (settled) return;
					settled = true;
					ping?.stop();
					clearTimeout(timer);
					details.signal?.removeEventListener("abort", abort);
					done(value);
				};
				const abort = (): void => finish(DENIED);
				const timer = setTimeout(abort, settings.timeoutMs);
				if (details.signal?.aborted === true) queueMicrotask(abort);
				else details.signal?.addEventListener("abort", abort, { once: true });
				const dialog = new PermissionDialog({
					payload: details.payload,
					config,
					alwaysLabels: { project: offer.project ?? "", global: offer.global ?? "" },
					maxRows: settings.promptMaxRows,
					fieldMaxWidth: settings.promptFieldMaxWidth,
					painter: themePainter(theme),
					isExpandKey: (data) => keybindings.matches(data, "app.tools.expand"),
					onDecision: finish,
					requestRender: () => tui.requestRender(),
				});
				// The first key disarms the ping: somebody is at the terminal.
				const handleInput = dialog.handleInput.bind(dialog);
				return Object.assign(dialog, {
					dispose: () => finish(DENIED),
					handleInput: (data: string) => {
						ping?.stop();
						handleInput(data);
					},
				});
			},
			{ blocked: { kind: "permission", message: "pi-permissions is waiting for a permission decision" } },
		);
		return answerOf(decision ?? DENIED);
	}
}

function answerOf(decision: DialogDecision): UserAnswer {
	return decision.answer === "allow"
		? { answer: "allow", scope: decision.scope, via: "dialog" }
		: { answer: "deny", reason: decision.reason, via: "dialog" };
}

/** Pi's theme as the presentation painter: flagged elements stand out, hints recede. */
export function themePainter(theme: Theme): Painter {
	return {
		highlight: (text) => theme.fg("warning", text),
		dim: (text) => theme.fg("dim", text),
		bold: (text) => theme.bold(text),
	};
}
