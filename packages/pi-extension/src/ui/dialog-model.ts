/**
 * Owns: the permission dialog's state machine: the chosen entry (none until a key chooses one), the "always"
 * confirmation step, the inline reason editor, the grant-scope step of a forwarded ask and the expand toggle; `reduce`
 * maps one key to the next state or a decision. A letter only chooses; enter confirms (ADR 0049).
 * Never: imports Pi, reads the time or draws anything; a key it does not know leaves the state as it was (never an
 * approval). Which keys reach it at all is the typing guard's call.
 */

/** The answers the dialog offers, by wire name; the two `approved_always_*` persist a grant (ADR 0032). */
export type DialogChoice =
	| "approved"
	| "approved_for_session"
	| "approved_always_project"
	| "approved_always_global"
	| "denied"
	| "denied_with_reason";

/** Where an "always" approval is written. */
type AlwaysScope = "always-project" | "always-global";

/** The two choices that write a grant into a config file. */
type AlwaysChoice = Extract<DialogChoice, "approved_always_project" | "approved_always_global">;

/** Where a session approval of a forwarded ask applies. */
type SessionScope = "requester-session" | "serving-session";

/** A key press, already decoded from the terminal by the component. */
export type DialogKey =
	| { readonly kind: "char"; readonly char: string }
	| { readonly kind: "up" }
	| { readonly kind: "down" }
	| { readonly kind: "enter" }
	| { readonly kind: "escape" }
	| { readonly kind: "backspace" }
	| { readonly kind: "expand" };

export type DialogDecision =
	| { readonly answer: "allow"; readonly scope: "once" | SessionScope | AlwaysScope }
	| { readonly answer: "deny"; readonly reason: string | null };

export interface DialogConfig {
	/** Whether a session approval may be offered at all. */
	readonly offersSession: boolean;
	/**
	 * Which "always" approvals are offered: the project one only when Pi trusts the project, neither without a
	 * session suggestion (never-suggest families, floors) or where nothing may be written. Absent: none.
	 */
	readonly offersAlways?: { readonly project: boolean; readonly global: boolean };
	/** A forwarded ask: a session approval asks next whether it covers the subagent or the whole serving session. */
	readonly choosesScope: boolean;
}

export type DialogState =
	| {
			readonly phase: "choosing";
			/** The chosen entry's index in `dialogChoices`; `null` until a key chooses one (enter then does nothing). */
			readonly cursor: number | null;
			readonly expanded: boolean;
	  }
	/** An "always" choice was confirmed: the rule and the file are shown, and enter must confirm the write again. */
	| { readonly phase: "always"; readonly choice: AlwaysChoice; readonly expanded: boolean }
	| { readonly phase: "reason"; readonly text: string; readonly expanded: boolean }
	| { readonly phase: "scope"; readonly cursor: number; readonly expanded: boolean };

interface DialogStep {
	readonly state: DialogState;
	/** Set once the human has decided; the dialog closes. */
	readonly decision: DialogDecision | null;
}

/** The longest reason the editor accepts; further typing is ignored. */
export const MAX_REASON_LENGTH = 500;

export const SCOPE_CHOICES: readonly SessionScope[] = ["requester-session", "serving-session"];

/** `a` for "always, in this project", `g` for "always, everywhere" (global): beside `y`, `s`, `n`, `r`. */
const SHORTCUTS: Readonly<Record<string, DialogChoice>> = {
	y: "approved",
	s: "approved_for_session",
	a: "approved_always_project",
	g: "approved_always_global",
	n: "denied",
	r: "denied_with_reason",
};

/** The choices in display order. */
export function dialogChoices(config: DialogConfig): readonly DialogChoice[] {
	const choices: DialogChoice[] = ["approved"];
	if (config.offersSession) choices.push("approved_for_session");
	// SECURITY: an "always" approval never appears where a session approval is not offered.
	if (config.offersSession && config.offersAlways?.project === true) choices.push("approved_always_project");
	if (config.offersSession && config.offersAlways?.global === true) choices.push("approved_always_global");
	choices.push("denied", "denied_with_reason");
	return choices;
}

export function initialDialogState(): DialogState {
	return { phase: "choosing", cursor: null, expanded: false };
}

export function reduce(config: DialogConfig, state: DialogState, key: DialogKey): DialogStep {
	if (key.kind === "expand") return stay({ ...state, expanded: !state.expanded });
	switch (state.phase) {
		case "choosing":
			return reduceChoosing(config, state, key);
		case "always":
			return reduceAlways(config, state, key);
		case "reason":
			return reduceReason(config, state, key);
		case "scope":
			return reduceScope(config, state, key);
		default: {
			const unhandled: never = state;
			throw new Error(`unhandled dialog phase ${String(unhandled)}`);
		}
	}
}

type Choosing = Extract<DialogState, { phase: "choosing" }>;

function reduceChoosing(config: DialogConfig, state: Choosing, key: DialogKey): DialogStep {
	const choices = dialogChoices(config);
	switch (key.kind) {
		case "escape":
			return done(state, { answer: "deny", reason: null });
		case "up":
		case "down":
			return stay({ ...state, cursor: movedCursor(state.cursor, choices.length, key.kind) });
		case "enter": {
			// SECURITY: ADR 0049: enter confirms only an entry a key chose; on its own it answers nothing.
			const choice = state.cursor === null ? undefined : choices[state.cursor];
			return choice === undefined ? stay(state) : confirm(config, state, choice);
		}
		case "char": {
			const direction = viDirection(key.char);
			if (direction !== null) return reduceChoosing(config, state, { kind: direction });
			const choice = SHORTCUTS[key.char.toLowerCase()];
			// SECURITY: a shortcut for a choice this ask does not offer (session approval) does nothing.
			if (choice === undefined || !choices.includes(choice)) return stay(state);
			// SECURITY: ADR 0049: a letter only chooses; a doubled letter in typed text never confirms.
			return stay({ ...state, cursor: choices.indexOf(choice) });
		}
		case "backspace":
		case "expand":
			return stay(state);
		default:
			return unhandledKey(key);
	}
}

/** Enter on a chosen entry: carried out, or the next step opened (reason, scope, the "always" confirmation). */
function confirm(config: DialogConfig, state: Choosing, choice: DialogChoice): DialogStep {
	switch (choice) {
		case "approved":
			return done(state, { answer: "allow", scope: "once" });
		case "approved_for_session":
			return config.choosesScope
				? stay({ phase: "scope", cursor: 0, expanded: state.expanded })
				: done(state, { answer: "allow", scope: "requester-session" });
		case "approved_always_project":
		case "approved_always_global":
			// SECURITY: ADR 0049: a grant written to a file is confirmed once more, with the rule and the file shown.
			return stay({ phase: "always", choice, expanded: state.expanded });
		case "denied":
			return done(state, { answer: "deny", reason: null });
		case "denied_with_reason":
			return stay({ phase: "reason", text: "", expanded: state.expanded });
		default: {
			const unhandled: never = choice;
			throw new Error(`unhandled dialog choice ${String(unhandled)}`);
		}
	}
}

function reduceAlways(
	config: DialogConfig,
	state: Extract<DialogState, { phase: "always" }>,
	key: DialogKey,
): DialogStep {
	switch (key.kind) {
		case "enter":
			return done(state, {
				answer: "allow",
				scope: state.choice === "approved_always_project" ? "always-project" : "always-global",
			});
		case "escape":
			return stay(backTo(config, state.choice, state.expanded));
		case "up":
		case "down":
		case "char":
		case "backspace":
		case "expand":
			return stay(state);
		default:
			return unhandledKey(key);
	}
}

function reduceReason(
	config: DialogConfig,
	state: Extract<DialogState, { phase: "reason" }>,
	key: DialogKey,
): DialogStep {
	switch (key.kind) {
		case "char":
			return stay({ ...state, text: `${state.text}${key.char}`.slice(0, MAX_REASON_LENGTH) });
		case "backspace":
			return stay({ ...state, text: Array.from(state.text).slice(0, -1).join("") });
		case "enter": {
			const reason = state.text.trim();
			// The reason is required: an empty one keeps the editor open.
			return reason === "" ? stay(state) : done(state, { answer: "deny", reason });
		}
		case "escape":
			return stay(backTo(config, "denied_with_reason", state.expanded));
		case "up":
		case "down":
		case "expand":
			return stay(state);
		default:
			return unhandledKey(key);
	}
}

function reduceScope(
	config: DialogConfig,
	state: Extract<DialogState, { phase: "scope" }>,
	key: DialogKey,
): DialogStep {
	switch (key.kind) {
		case "up":
		case "down":
			return stay({ ...state, cursor: movedCursor(state.cursor, SCOPE_CHOICES.length, key.kind) });
		case "char": {
			const direction = viDirection(key.char);
			return direction === null ? stay(state) : reduceScope(config, state, { kind: direction });
		}
		case "enter":
			return done(state, { answer: "allow", scope: SCOPE_CHOICES[state.cursor] ?? "requester-session" });
		case "escape":
			return stay(backTo(config, "approved_for_session", state.expanded));
		case "backspace":
		case "expand":
			return stay(state);
		default:
			return unhandledKey(key);
	}
}

/** `j` and `k` move the cursor as the arrow keys do (vi style), in the choice list and the scope step alike. */
function viDirection(char: string): "up" | "down" | null {
	if (char === "j") return "down";
	if (char === "k") return "up";
	return null;
}

/** One step up or down a list of `count` entries, wrapping around at both ends; from none, the first or the last. */
function movedCursor(cursor: number | null, count: number, direction: "up" | "down"): number {
	if (cursor === null) return direction === "up" ? count - 1 : 0;
	return direction === "up" ? (cursor + count - 1) % count : (cursor + 1) % count;
}

/** The exhaustiveness guard of the key switches: a key kind added to `DialogKey` breaks the build here. */
function unhandledKey(key: never): never {
	throw new Error(`unhandled dialog key ${String(key)}`);
}

/** Backing out of a step returns to the choice list with the choice that opened it chosen again. */
function backTo(config: DialogConfig, choice: DialogChoice, expanded: boolean): DialogState {
	const index = dialogChoices(config).indexOf(choice);
	return { phase: "choosing", cursor: index < 0 ? null : index, expanded };
}

function stay(state: DialogState): DialogStep {
	return { state, decision: null };
}

function done(state: DialogState, decision: DialogDecision): DialogStep {
	return { state, decision };
}
