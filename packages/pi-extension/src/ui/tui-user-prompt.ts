/**
 * Owns: the interactive-TUI `UserPrompt`: it shows the inline `PermissionDialog` through `ctx.ui.custom` and maps
 * the dialog's decision to a `UserAnswer`; the wait is bounded by the timeout and the ask's abort signal. It watches
 * the terminal's input from the session's start, so a dialog that appears while the person types starts ignoring
 * their keys (ADR 0049).
 * Never: grants a scope the ask did not offer, or answers anything but a denial when the wait ends without a key.
 */
import type { ExtensionUIContext, Theme } from "@earendil-works/pi-coding-agent";
import type { AskDetails, Clock, GrantScope, UserAnswer, UserPrompt } from "@pi-permissions/authority";
import type { Painter } from "@pi-permissions/presentation";
import { type AlwaysOffer, NO_ALWAYS } from "../grants/always-offer";
import type { DialogDecision } from "./dialog-model";
import { InputActivity } from "./input-activity";
import { type DialogClock, PermissionDialog } from "./permission-dialog";
import { PromptPing, type PromptPingSettings, type PromptPingTimers } from "./prompt-ping";

export interface DialogPromptSettings {
	readonly promptMaxRows: number;
	readonly promptFieldMaxWidth: number;
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

/** The session's clock as the dialog's: its time, and a timer made of a sleep that an abort cancels. */
function dialogClockOf(clock: Clock): DialogClock {
	return {
		now: () => clock.now(),
		setTimer: (run, ms) => {
			const cancel = new AbortController();
			void clock.sleep(ms, cancel.signal).then(() => {
				if (!cancel.signal.aborted) run();
			});
			return cancel;
		},
		clearTimer: (handle) => (handle as AbortController).abort(),
	};
}

const DENIED: DialogDecision = { answer: "deny", reason: null };

export class TuiUserPrompt implements UserPrompt {
	private readonly input: InputActivity;
	private readonly clock: DialogClock;

	/** `clock`: the session's clock (ADR 0049's windows are measured on it). */
	constructor(
		private readonly ui: ExtensionUIContext,
		private readonly settings: () => DialogPromptSettings,
		clock: Clock,
		private readonly always: (details: AskDetails) => AlwaysOffer = () => NO_ALWAYS,
	) {
		this.clock = dialogClockOf(clock);
		this.input = InputActivity.watch(ui, () => clock.now());
	}

	async ask(details: AskDetails, scopes: readonly GrantScope[]): Promise<UserAnswer> {
		const settings = this.settings();
		const offer = this.always(details);
		const project = offer.project !== null && scopes.includes("always-project");
		const global = offer.global !== null && scopes.includes("always-global");
		const config = {
			offersSession: scopes.includes("requester-session"),
			offersAlways: { project, global },
			choosesScope: scopes.includes("serving-session"),
		};
		// Read before the dialog exists: a key typed into the editor as it appears counts as typing (ADR 0049).
		const typedAt = this.input.lastKeyAt;
		const decision = await this.ui.custom<DialogDecision>(
			(tui, theme, keybindings, done) => {
				let settled = false;
				// The dialog's own disposal (its quiet-period timer), kept before the host's `dispose` is put over it.
				let stopDialog = (): void => undefined;
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
					stopDialog();
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
					always: offer,
					maxRows: settings.promptMaxRows,
					fieldMaxWidth: settings.promptFieldMaxWidth,
					painter: themePainter(theme),
					clock: this.clock,
					typedAt,
					isExpandKey: (data) => keybindings.matches(data, "app.tools.expand"),
					onDecision: finish,
					requestRender: () => tui.requestRender(),
				});
				stopDialog = dialog.dispose.bind(dialog);
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
