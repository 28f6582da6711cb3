/**
 * Owns: the rows below the permission dialog's request: the choice list with its keys, the "always" confirmation (the
 * rule and the file a grant writes), the reason editor, the grant-scope step, and the one hint row of each, with the
 * notice that typed keys were ignored (ADR 0049).
 * Never: decides or measures the terminal; the dialog truncates every row to its width.
 */
import { EXPAND_KEY_LABEL, type Painter } from "@pi-permissions/presentation";
import type { AlwaysOffer } from "../grants/always-offer";
import { type DialogChoice, type DialogConfig, type DialogState, dialogChoices, SCOPE_CHOICES } from "./dialog-model";

/** The key that chooses each entry. */
export const SHORTCUT_OF: Readonly<Record<DialogChoice, string>> = {
	approved: "y",
	approved_for_session: "s",
	approved_always_project: "a",
	approved_always_global: "g",
	denied: "n",
	denied_with_reason: "r",
};

const SCOPE_LABEL = {
	"requester-session": "This subagent only",
	"serving-session": "The whole serving session",
} as const;

/** The notice shown once a key was ignored, until a choice is being confirmed. */
export const IGNORED_NOTICE = "keys typed while this appeared were ignored: choose, pause, then press enter";

interface FooterView {
	readonly state: DialogState;
	readonly config: DialogConfig;
	readonly labels: Readonly<Record<DialogChoice, string>>;
	readonly always: AlwaysOffer;
	readonly painter: Painter;
	/** Whether the typing guard ignored a key since the dialog appeared. */
	readonly ignoredAny: boolean;
	/** The label of an approval waiting out its quiet period, or `null`. */
	readonly pending: string | null;
}

export function dialogFooter(view: FooterView): string[] {
	const { state, painter } = view;
	const notice = view.ignoredAny && view.pending === null ? [painter.highlight(IGNORED_NOTICE)] : [];
	switch (state.phase) {
		case "choosing": {
			const rows = dialogChoices(view.config).map((choice, index) => {
				const row = `[${SHORTCUT_OF[choice]}] ${view.labels[choice]}`;
				return index === state.cursor ? painter.bold(`› ${row}`) : `  ${row}`;
			});
			const chosen = state.cursor === null ? undefined : dialogChoices(view.config)[state.cursor];
			return [...rows, ...notice, hintRow(view, chosen)];
		}
		case "always": {
			const grant = state.choice === "approved_always_project" ? view.always.project : view.always.global;
			return [
				painter.bold("Always allow: this adds a rule to a config file, for this and every later session."),
				`  rule: ${grant?.rule ?? "(unavailable)"}`,
				`  file: ${grant?.file ?? "(unavailable)"}`,
				...notice,
				view.pending === null
					? painter.highlight("enter to confirm the write · esc back to the choices")
					: painter.highlight("any key cancels · writing the rule"),
			];
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
				...notice,
				view.pending === null
					? painter.dim("enter to confirm · ↑↓ move · esc back")
					: painter.highlight(
							`any key cancels · confirming: ${SCOPE_LABEL[SCOPE_CHOICES[state.cursor] ?? "requester-session"]}`,
						),
			];
		default: {
			const unhandled: never = state;
			throw new Error(`unhandled dialog phase ${String(unhandled)}`);
		}
	}
}

function hintRow(view: FooterView, chosen: DialogChoice | undefined): string {
	const { painter } = view;
	if (view.pending !== null) return painter.highlight(`any key cancels · confirming: ${view.pending}`);
	if (chosen === undefined)
		return painter.dim(`↑↓ or a letter to choose · enter to confirm · esc deny · ${EXPAND_KEY_LABEL} expand`);
	return painter.highlight(`enter to confirm: ${view.labels[chosen]} · esc deny`);
}
