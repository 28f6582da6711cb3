/**
 * Owns: the inline permission dialog component shown through `ctx.ui.custom`: the presentation dialog rows (bounded,
 * or complete when expanded), the choice list, the reason editor and the scope step, driven by `dialog-model`.
 * Never: decides on its own (every answer comes from a key the model accepted) or draws a row wider than the terminal.
 */
import { type Component, decodeKittyPrintable, matchesKey, truncateToWidth } from "@earendil-works/pi-tui";
import {
	EXPAND_KEY_LABEL,
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
import {
	type DialogChoice,
	type DialogConfig,
	type DialogDecision,
	type DialogKey,
	type DialogState,
	dialogChoices,
	initialDialogState,
	reduce,
	SCOPE_CHOICES,
	type SessionScope,
} from "./dialog-model";
import { ReasonPaste } from "./reason-paste";

interface PermissionDialogOptions {
	readonly payload: PromptPayload;
	/** The labels of the "always" choices (pattern and file), when offered. */
	readonly alwaysLabels?: { readonly project: string; readonly global: string };
	readonly config: DialogConfig;
	/** `promptMaxRows`: the row budget of the dialog body in the bounded view. */
	readonly maxRows: number;
	readonly fieldMaxWidth: number;
	readonly painter: Painter;
	/** Whether raw input is the expand key (Pi's configurable `app.tools.expand`; `ctrl+o` always works). */
	readonly isExpandKey?: (data: string) => boolean;
	readonly onDecision: (decision: DialogDecision) => void;
	readonly requestRender: () => void;
}

const SHORTCUT_OF: Readonly<Record<DialogChoice, string>> = {
	approved: "y",
	approved_for_session: "s",
	approved_always_project: "a",
	approved_always_global: "g",
	denied: "n",
	denied_with_reason: "r",
};

const SCOPE_LABEL: Readonly<Record<SessionScope, string>> = {
	"requester-session": "This subagent only",
	"serving-session": "The whole serving session",
};

export class PermissionDialog implements Component {
	private state: DialogState = initialDialogState();
	private decided = false;
	private readonly paste = new ReasonPaste();
	private lines: readonly FullViewLine[] | null = null;
	private position: FullViewPosition = FULL_VIEW_TOP;
	private viewport = { width: 0, height: 1 };
	private body: { readonly width: number; readonly lines: readonly string[] } | null = null;
	private readonly labels: Readonly<Record<DialogChoice, string>>;

	constructor(private readonly options: PermissionDialogOptions) {
		const text = renderFallbackText(options.payload, {
			width: options.fieldMaxWidth + 24,
			maxRows: options.maxRows,
			fieldMaxWidth: options.fieldMaxWidth,
			painter: options.painter,
		});
		const labels: Record<DialogChoice, string> = {
			approved: "Yes, once",
			approved_for_session: "Yes, for this session",
			approved_always_project: options.alwaysLabels?.project ?? "Always, in this project",
			approved_always_global: options.alwaysLabels?.global ?? "Always, everywhere",
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
		// The complete view is a viewer: it scrolls, and Esc (or the expand key) goes back to the dialog.
		if (this.state.expanded) {
			this.handleViewerKey(data);
			return;
		}
		if (this.state.phase === "reason") {
			const step = this.paste.feed(data);
			if (step.kind === "pasting") return;
			if (step.kind === "pasted") {
				if (step.text !== "") this.apply({ kind: "char", char: step.text });
				if (step.rest !== "") this.handleInput(step.rest);
				return;
			}
		}
		const key = decodeDialogKey(data, this.options.isExpandKey);
		if (key === null) return;
		this.apply(key);
	}

	private apply(key: DialogKey): void {
		if (this.decided) return;
		const step = reduce(this.options.config, this.state, key);
		this.state = step.state;
		if (step.decision !== null) {
			this.decided = true;
			this.options.onDecision(step.decision);
			return;
		}
		this.options.requestRender();
	}

	/** Scroll keys move the window; Esc or the expand key closes the view; any other key does nothing here. */
	private handleViewerKey(data: string): void {
		const lines = this.viewLines();
		const { width, height } = this.viewport;
		const page = Math.max(1, height - 1);
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+o") || this.options.isExpandKey?.(data) === true) {
			this.apply({ kind: "expand" });
			return;
		}
		// A terminal (or tmux) that joins Esc and the next key into one chunk (`ESC n`, read as alt+n): Esc goes back,
		// then the key reaches the dialog, so "Esc, then answer" works however fast it is typed.
		if (data.length === 2 && data.startsWith("\u001b") && /^[\x20-\x7e]$/u.test(data.slice(1))) {
			this.apply({ kind: "expand" });
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
		return [...this.body.lines, ...this.footer()].map((line) => truncateToWidth(line, cells));
	}

	invalidate(): void {
		// A theme change may restyle the body: lay it out again on the next render.
		this.body = null;
	}

	private footer(): string[] {
		const { painter } = this.options;
		const state = this.state;
		switch (state.phase) {
			case "choosing": {
				const rows = dialogChoices(this.options.config).map((choice, index) => {
					const row = `[${SHORTCUT_OF[choice]}] ${this.labels[choice]}`;
					return index === state.cursor ? painter.bold(`› ${row}`) : `  ${row}`;
				});
				const hint =
					state.armed === null
						? `↑↓ move · enter confirm · esc deny · ${EXPAND_KEY_LABEL} expand`
						: `press ${SHORTCUT_OF[state.armed]} or enter again to confirm: ${this.labels[state.armed]}`;
				return [...rows, state.armed === null ? painter.dim(hint) : painter.highlight(hint)];
			}
			case "reason":
				return [
					"Reason for denying (sent to the agent):",
					`> ${state.text}█`,
					painter.dim("enter deny with this reason · esc back"),
				];
			case "scope":
				return [
					"Apply the session approval to:",
					...SCOPE_CHOICES.map((scope, index) =>
						index === state.cursor ? painter.bold(`› ${SCOPE_LABEL[scope]}`) : `  ${SCOPE_LABEL[scope]}`,
					),
					painter.dim("↑↓ move · enter confirm · esc back"),
				];
			default: {
				const unhandled: never = state;
				throw new Error(`unhandled dialog phase ${String(unhandled)}`);
			}
		}
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
