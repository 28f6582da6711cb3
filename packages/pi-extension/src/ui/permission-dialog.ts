/**
 * Owns: the inline permission dialog component shown through `ctx.ui.custom`: the presentation dialog rows (bounded,
 * or complete when expanded), the choice list, the reason editor and the scope step, driven by `dialog-model`.
 * Never: decides on its own (every answer comes from a key the model accepted) or draws a row wider than the terminal.
 */
import { type Component, decodeKittyPrintable, matchesKey, truncateToWidth } from "@earendil-works/pi-tui";
import {
	EXPAND_KEY_LABEL,
	type Painter,
	type PromptPayload,
	renderDialog,
	renderFallbackText,
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

export interface PermissionDialogOptions {
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

/** The most rows the dialog adds below the body (the choice list and its hint). */
export const FOOTER_MAX_ROWS = 7;

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
		const key = decodeDialogKey(data, this.options.isExpandKey);
		if (key === null) return;
		const step = reduce(this.options.config, this.state, key);
		this.state = step.state;
		if (step.decision !== null) {
			this.decided = true;
			this.options.onDecision(step.decision);
			return;
		}
		this.options.requestRender();
	}

	render(width: number): string[] {
		const cells = Math.max(1, Math.floor(width));
		const { painter } = this.options;
		const body = renderDialog(this.options.payload, {
			width: cells,
			maxRows: this.options.maxRows,
			fieldMaxWidth: this.options.fieldMaxWidth,
			painter,
			expanded: this.state.expanded,
		});
		return [...body, ...this.footer()].map((line) => truncateToWidth(line, cells));
	}

	invalidate(): void {
		// Every render is computed from the state; nothing is cached.
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
