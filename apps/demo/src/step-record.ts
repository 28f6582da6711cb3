/**
 * Owns: `StepRecord`, what happened during one step, in the order it happened: the calls Pi started, the dialogs the
 * human was shown, the decisions published on each session's bus, and the results the model got back.
 * Never: decides whether the step behaved; `step-verdict` does.
 */
import type { DecisionFact } from "@pi-permissions/pi-extension";
import type { StepActor } from "./demo-steps";

/** Whose bus or transcript an entry came from. */
export type EntrySource = StepActor;

export interface DialogShown {
	readonly title: string;
	readonly options: readonly string[];
	/** The label the scripted human picked; `undefined` dismisses the dialog (a denial). */
	readonly picked: string | undefined;
}

export type StepEntry =
	| { readonly kind: "call"; readonly source: EntrySource; readonly toolCallId: string; readonly text: string }
	| { readonly kind: "dialog"; readonly dialog: DialogShown }
	| { readonly kind: "decision"; readonly source: EntrySource; readonly fact: DecisionFact }
	| {
			readonly kind: "result";
			readonly source: EntrySource;
			readonly toolCallId: string;
			readonly isError: boolean;
			readonly text: string;
	  };

export class StepRecord {
	private readonly list: StepEntry[] = [];

	add(entry: StepEntry): void {
		this.list.push(entry);
	}

	get entries(): readonly StepEntry[] {
		return this.list;
	}

	/** Hands over what was recorded so far and starts afresh. */
	take(): readonly StepEntry[] {
		return this.list.splice(0, this.list.length);
	}
}
