/**
 * Owns: the scripted human behind the main session's `ctx.ui`: it answers each `select` with the step's next scripted
 * answer (the first option whose label starts with it), records every dialog it was shown, and collects notices.
 * Never: renders the dialog (pi-permissions does, through `@pi-permissions/presentation`) or answers beyond its
 * script: an unscripted dialog is dismissed, which pi-permissions treats as a denial.
 */
import type { ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { DialogShown, StepRecord } from "./step-record";

export class ScriptedHuman {
	private answers: string[] = [];
	readonly notices: string[] = [];

	constructor(private readonly record: StepRecord) {}

	/** The answers for the coming step's dialogs, in order; unused answers from before are dropped. */
	script(answers: readonly string[]): void {
		this.answers = [...answers];
	}

	/** How many scripted answers the step left unused. */
	get unusedAnswers(): number {
		return this.answers.length;
	}

	private answer(title: string, options: readonly string[]): string | undefined {
		const next = this.answers.shift();
		const picked = next === undefined ? undefined : options.find((option) => option.startsWith(next));
		const dialog: DialogShown = { title, options: [...options], picked };
		this.record.add({ kind: "dialog", dialog });
		return picked;
	}

	/** The UI Pi hands to extensions; only what pi-permissions uses in a non-TUI mode does anything. */
	uiContext(): ExtensionUIContext {
		const ui = {
			select: async (title: string, options: string[]) => this.answer(title, options),
			input: async (title: string) => {
				this.record.add({ kind: "dialog", dialog: { title, options: [], picked: undefined } });
				return undefined;
			},
			confirm: async () => false,
			editor: async () => undefined,
			notify: (message: string) => {
				this.notices.push(message);
			},
			setStatus: () => undefined,
			setWidget: () => undefined,
			setTitle: () => undefined,
			setWorkingMessage: () => undefined,
			setWorkingVisible: () => undefined,
			setEditorText: () => undefined,
			getEditorText: () => "",
			pasteToEditor: () => undefined,
		};
		// The scripted human implements the dialogs and the fire-and-forget calls a headless (RPC-mode) session makes;
		// Pi's TUI-only members (custom components, themes, editors) are never reached outside the TUI.
		return ui as unknown as ExtensionUIContext;
	}
}
