/**
 * Owns: the inline permission dialog component shown through `ctx.ui.custom`: the presentation dialog rows (bounded,
 * or complete when expanded) and the footer steps, driven by `dialog-model`, with every key judged by the typing
 * guard first and an approval carried out only after its quiet period (ADR 0049).
 * Never: decides on its own (every answer comes from a key the guard and the model accepted), reads the clock or sets
 * a timer except through the injected `DialogClock`, or draws a row wider than the terminal.
 */
import { type Component, decodeKittyPrintable, matchesKey, truncateToWidth } from "@earendil-works/pi-tui";
import {
	FULL_VIEW_TOP,
	type FullViewLine,
	type FullViewPosition,
	fullViewLines,
	fullViewProgress,
	fullViewRows,
	type Painter,
	type PromptPayload,
	renderDialog,
	renderFallbackText,
	scrollDown,
	scrollToEnd,
	scrollUp,
} from "@pi-permissions/presentation";
import { type AlwaysOffer, NO_ALWAYS } from "../grants/always-offer";
import { dialogFooter, SHORTCUT_OF } from "./dialog-footer";
import {
	type DialogChoice,
	type DialogConfig,
	type DialogDecision,
	type DialogKey,
	type DialogState,
	dialogChoices,
	initialDialogState,
	reduce,
} from "./dialog-model";
import { ReasonPaste } from "./reason-paste";
import { DIALOG_TIMING, type DialogTiming, type KeyRole, TypingGuard } from "./typing-guard";

/** The dialog's time: now, and one timer for an approval's quiet period. None of them may throw. */
export interface DialogClock {
	now(): number;
	setTimer(run: () => void, ms: number): unknown;
	clearTimer(handle: unknown): void;
}

interface PermissionDialogOptions {
	readonly payload: PromptPayload;
	/** The "always" choices (label, rule, file), when offered. */
	readonly always?: AlwaysOffer;
	readonly config: DialogConfig;
	/** `promptMaxRows`: the row budget of the dialog body in the bounded view. */
	readonly maxRows: number;
	readonly fieldMaxWidth: number;
	readonly painter: Painter;
	readonly clock: DialogClock;
	/** ADR 0049's timings; the defaults unless a test says otherwise. */
	readonly timing?: DialogTiming;
	/** When a key last reached the terminal before this dialog was created (typing into the editor); `null`: unknown. */
	readonly typedAt?: number | null;
	/** Whether raw input is the expand key (Pi's configurable `app.tools.expand`; `ctrl+o` always works). */
	readonly isExpandKey?: (data: string) => boolean;
	readonly onDecision: (decision: DialogDecision) => void;
	readonly requestRender: () => void;
}

/** An approval waiting out its quiet period. */
interface Pending {
	readonly decision: DialogDecision;
	readonly label: string;
	readonly timer: unknown;
}

export class PermissionDialog implements Component {
	private state: DialogState = initialDialogState();
	private decided = false;
	private pending: Pending | null = null;
	private readonly guard: TypingGuard;
	private readonly timing: DialogTiming;
	private readonly paste = new ReasonPaste();
	private lines: readonly FullViewLine[] | null = null;
	private position: FullViewPosition = FULL_VIEW_TOP;
	private viewport = { width: 0, height: 1 };
	private body: { readonly width: number; readonly lines: readonly string[] } | null = null;
	private readonly labels: Readonly<Record<DialogChoice, string>>;
	private readonly always: AlwaysOffer;

	constructor(private readonly options: PermissionDialogOptions) {
		this.timing = options.timing ?? DIALOG_TIMING;
		this.guard = new TypingGuard(this.timing, options.typedAt ?? null);
		this.always = options.always ?? NO_ALWAYS;
		const text = renderFallbackText(options.payload, {
			width: options.fieldMaxWidth + 24,
			maxRows: options.maxRows,
			fieldMaxWidth: options.fieldMaxWidth,
			painter: options.painter,
		});
		const labels: Record<DialogChoice, string> = {
			approved: "Yes, once",
			approved_for_session: "Yes, for this session",
			approved_always_project: this.always.project?.label ?? "Always, in this project",
			approved_always_global: this.always.global?.label ?? "Always, everywhere",
			denied: "No",
			denied_with_reason: "No, with a reason",
		};
		// The session label names the exact pattern the approval grants.
		for (const option of text.options)
			if (option.decision === "approved_for_session") labels[option.decision] = option.label;
		this.labels = labels;
	}

	/** The current model state (for hosts and tests). */
	get current(): DialogState {
		return this.state;
	}

	handleInput(data: string): void {
		if (this.decided) return;
		const at = this.options.clock.now();
		// SECURITY: ADR 0049: a key during an approval's quiet period withdraws it; the key was typing.
		if (this.pending !== null) {
			this.withdraw(at);
			return;
		}
		// The complete view is a viewer: it scrolls, and Esc (or the expand key) goes back to the dialog.
		if (this.state.expanded) {
			this.guard.observe(at);
			this.handleViewerKey(data, at);
			return;
		}
		if (this.state.phase === "reason") {
			this.guard.observe(at);
			this.handleReasonInput(data, at);
			return;
		}
		const key = decodeDialogKey(data, this.options.isExpandKey);
		// Opening the complete view answers nothing: it always works, and counts for the cadence.
		if (key?.kind === "expand") {
			this.guard.observe(at);
			this.apply(key, at);
			return;
		}
		// Anything else that is not one key (a paste, a burst in one read, an unknown sequence) is typing.
		const verdict = this.guard.judge(key === null ? "text" : this.roleOf(key), at);
		if (verdict.kind === "ignore") {
			this.ignored();
			return;
		}
		if (key !== null) this.apply(key, at);
	}

	/** The reason editor takes typing as text: the person chose to write a reason; enter denies with it. */
	private handleReasonInput(data: string, at: number): void {
		const step = this.paste.feed(data);
		if (step.kind === "pasting") return;
		if (step.kind === "pasted") {
			if (step.text !== "") this.apply({ kind: "char", char: step.text }, at);
			if (step.rest !== "") this.handleInput(step.rest);
			return;
		}
		const key = decodeDialogKey(data, this.options.isExpandKey);
		if (key !== null) this.apply(key, at);
	}

	/** What a decoded key would do in the current step, for the guard. */
	private roleOf(key: DialogKey): KeyRole {
		switch (key.kind) {
			case "up":
			case "down":
				return "move";
			case "enter":
				return "confirm";
			case "escape":
				return "cancel";
			case "backspace":
			case "expand":
				return "text";
			case "char": {
				if (key.char === "j" || key.char === "k") return this.state.phase === "always" ? "text" : "choose";
				const offered = dialogChoices(this.options.config).some(
					(choice) => SHORTCUT_OF[choice] === key.char.toLowerCase(),
				);
				return this.state.phase === "choosing" && offered ? "choose" : "text";
			}
			default: {
				const unhandled: never = key;
				throw new Error(`unhandled dialog key ${String(unhandled)}`);
			}
		}
	}

	/** A key the guard ignored: whatever was chosen is let go, so typing that continues cannot confirm it. */
	private ignored(): void {
		if (this.state.phase !== "choosing" || this.state.cursor !== null)
			this.state = { ...initialDialogState(), expanded: this.state.expanded };
		this.options.requestRender();
	}

	private withdraw(at: number): void {
		const pending = this.pending;
		this.pending = null;
		if (pending !== null) this.options.clock.clearTimer(pending.timer);
		this.guard.interrupted(at);
		this.state = { ...initialDialogState(), expanded: this.state.expanded };
		this.options.requestRender();
	}

	private apply(key: DialogKey, at: number): void {
		if (this.decided) return;
		const before = this.state.phase;
		const step = reduce(this.options.config, this.state, key);
		if (step.decision !== null) {
			this.decide(step.decision);
			return;
		}
		this.state = step.state;
		// A new step on the screen is armed like a fresh dialog: a key pressed as it appears does not answer it.
		if (this.state.phase !== before) this.guard.rearm(at);
		this.options.requestRender();
	}

	/** A denial is carried out at once; an approval after its quiet period, unless a key withdraws it first. */
	private decide(decision: DialogDecision): void {
		if (decision.answer === "deny") {
			this.finish(decision);
			return;
		}
		const label = this.pendingLabel(decision);
		const timer = this.options.clock.setTimer(() => {
			if (this.pending?.decision !== decision) return;
			this.pending = null;
			this.finish(decision);
		}, this.timing.settleMs);
		this.pending = { decision, label, timer };
		this.options.requestRender();
	}

	private finish(decision: DialogDecision): void {
		if (this.decided) return;
		this.decided = true;
		this.options.onDecision(decision);
	}

	/** Stops the quiet-period timer of a pending approval (the host closed the dialog). Idempotent. */
	dispose(): void {
		const pending = this.pending;
		this.pending = null;
		if (pending !== null) this.options.clock.clearTimer(pending.timer);
		this.decided = true;
	}

	private pendingLabel(decision: DialogDecision & { answer: "allow" }): string {
		switch (decision.scope) {
			case "once":
				return this.labels.approved;
			case "requester-session":
			case "serving-session":
				return this.labels.approved_for_session;
			case "always-project":
				return this.labels.approved_always_project;
			case "always-global":
				return this.labels.approved_always_global;
			default: {
				const unhandled: never = decision.scope;
				throw new Error(`unhandled approval scope ${String(unhandled)}`);
			}
		}
	}
	/** Scroll keys move the window; Esc or the expand key closes the view; any other key does nothing here. */
	private handleViewerKey(data: string, at: number): void {
		const lines = this.viewLines();
		const { width, height } = this.viewport;
		const page = Math.max(1, height - 1);
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+o") || this.options.isExpandKey?.(data) === true) {
			this.apply({ kind: "expand" }, at);
			return;
		}
		// A terminal (or tmux) that joins Esc and the next key into one chunk (`ESC n`, read as alt+n): Esc goes back,
		// then the key reaches the dialog, where it counts as typing (it came with no pause: ADR 0049).
		if (data.length === 2 && data.startsWith("\u001b") && /^[\x20-\x7e]$/u.test(data.slice(1))) {
			this.apply({ kind: "expand" }, at);
			this.handleInput(data.slice(1));
			return;
		}
		if (matchesKey(data, "down") || data === "j") this.position = scrollDown(lines, this.position, width, 1);
		else if (matchesKey(data, "up") || data === "k") this.position = scrollUp(lines, this.position, width, 1);
		else if (matchesKey(data, "pageDown") || data === " ")
			this.position = scrollDown(lines, this.position, width, page);
		else if (matchesKey(data, "pageUp")) this.position = scrollUp(lines, this.position, width, page);
		else if (matchesKey(data, "home") || data === "g") this.position = FULL_VIEW_TOP;
		else if (matchesKey(data, "end") || data === "G") this.position = scrollToEnd(lines, width, height);
		else return;
		this.options.requestRender();
	}

	/** The complete view's lines, built on first use (the payload does not change while the dialog is open). */
	private viewLines(): readonly FullViewLine[] {
		this.lines ??= fullViewLines(this.options.payload);
		return this.lines;
	}

	/** The complete view: a window of `maxRows` rows onto every fact and evidence entry, and a status row. */
	private renderFullView(cells: number): string[] {
		const { painter } = this.options;
		const height = Math.max(1, this.options.maxRows);
		if (this.viewport.width !== cells) this.position = FULL_VIEW_TOP;
		this.viewport = { width: cells, height };
		const lines = this.viewLines();
		const rows = fullViewRows(lines, this.position, cells, height, painter);
		const status = `complete view ${fullViewProgress(lines, this.position)}% · ↑↓ pgup pgdn home end scroll · esc back to the choices`;
		return [...rows, painter.dim(status)];
	}

	render(width: number): string[] {
		// SECURITY: ADR 0049: the dialog takes keys only from `armingMs` after it was first drawn.
		this.guard.drawn(this.options.clock.now());
		const cells = Math.max(1, Math.floor(width));
		if (this.state.expanded) return this.renderFullView(cells).map((line) => truncateToWidth(line, cells));
		// The bounded body depends only on the payload and the width: Pi renders often (a spinner, a key), and a
		// megabyte command must cost its layout once per width, not once per frame (ADR 0033).
		if (this.body?.width !== cells) {
			const lines = renderDialog(this.options.payload, {
				width: cells,
				maxRows: this.options.maxRows,
				fieldMaxWidth: this.options.fieldMaxWidth,
				painter: this.options.painter,
				expanded: false,
			});
			this.body = { width: cells, lines };
		}
		const footer = dialogFooter({
			state: this.state,
			config: this.options.config,
			labels: this.labels,
			always: this.always,
			painter: this.options.painter,
			ignoredAny: this.guard.ignoredAny,
			pending: this.pending?.label ?? null,
		});
		return [...this.body.lines, ...footer].map((line) => truncateToWidth(line, cells));
	}

	invalidate(): void {
		// A theme change may restyle the body: lay it out again on the next render.
		this.body = null;
	}
}

/** Raw terminal input as a dialog key; `null` for anything the dialog ignores (mouse, unknown sequences). */
export function decodeDialogKey(data: string, isExpandKey?: (data: string) => boolean): DialogKey | null {
	if (matchesKey(data, "ctrl+o") || isExpandKey?.(data) === true) return { kind: "expand" };
	if (matchesKey(data, "up")) return { kind: "up" };
	if (matchesKey(data, "down")) return { kind: "down" };
	if (matchesKey(data, "enter")) return { kind: "enter" };
	if (matchesKey(data, "escape")) return { kind: "escape" };
	if (matchesKey(data, "backspace")) return { kind: "backspace" };
	const printable = decodeKittyPrintable(data) ?? data;
	// SECURITY: only printable text reaches the reason; control and escape sequences are never typed into it.
	// biome-ignore lint/suspicious/noControlCharactersInRegex: the check is exactly for control characters.
	if (printable.length === 0 || /[\u0000-\u001f\u007f-\u009f]/u.test(printable)) return null;
	return { kind: "char", char: printable };
}
