/**
 * Owns: telling a deliberate key from typing in the permission dialog (ADR 0049): the arming delay after a step is
 * drawn, the typing window a key that looks like typing opens, the gap a key needs after the one before it, and the
 * quiet an approval must keep before it is carried out.
 * Never: reads a clock, sets a timer or decides what a key means; the dialog hands in each key's role and time.
 */

/** The timings of ADR 0049, in milliseconds; the evidence for each is in the ADR. */
export interface DialogTiming {
	/** After a step (the choices, the "always" confirmation, the grant scope) is drawn, keys before this are ignored. */
	readonly armingMs: number;
	/** A key this soon after the key before it is typing (unless both move the cursor). */
	readonly keyGapMs: number;
	/** After a key that looks like typing, every key is ignored until this much quiet has passed. */
	readonly typingPauseMs: number;
	/** An approval is carried out only after this much quiet; a key in between withdraws it. */
	readonly settleMs: number;
}

export const DIALOG_TIMING: DialogTiming = {
	armingMs: 600,
	keyGapMs: 400,
	typingPauseMs: 1500,
	settleMs: 400,
};

/**
 * What a key would do to the dialog: move the cursor, choose an entry (a shortcut letter, `j`/`k`), confirm (enter),
 * cancel (esc), or nothing at all (any other text, backspace, a paste: the shape of typing).
 */
export type KeyRole = "move" | "choose" | "confirm" | "cancel" | "text";

/** Why a key was ignored: it came before the step was armed, or in a typing burst. */
type IgnoredBecause = "before-armed" | "typing";

type KeyVerdict = { readonly kind: "act" } | { readonly kind: "ignore"; readonly because: IgnoredBecause };

const ACT: KeyVerdict = { kind: "act" };

export class TypingGuard {
	/** When the current step takes keys; `null` until the dialog is first drawn. */
	private armedAt: number | null = null;
	private lastKeyAt = Number.NEGATIVE_INFINITY;
	private typingUntil: number;
	/** The role of the last key that acted, while no key has been ignored since. */
	private lastActed: KeyRole | null = null;
	private ignored = false;

	/**
	 * `typedAt`: when a key last reached the terminal before the dialog was created (typed into Pi's editor), so
	 * typing that started before the dialog appeared keeps the dialog in its typing window; `null` when unknown.
	 */
	constructor(
		private readonly timing: DialogTiming,
		typedAt: number | null = null,
	) {
		this.typingUntil = typedAt === null ? Number.NEGATIVE_INFINITY : typedAt + timing.typingPauseMs;
	}

	/** Whether any key has been ignored since the dialog appeared (the dialog says so). */
	get ignoredAny(): boolean {
		return this.ignored;
	}

	/** The dialog was drawn: its first step is armed `armingMs` later. Only the first call counts. */
	drawn(at: number): void {
		this.armedAt ??= at + this.timing.armingMs;
	}

	/** A new step replaced the last one on the screen: it is armed `armingMs` from now, like a fresh dialog. */
	rearm(at: number): void {
		this.armedAt = at + this.timing.armingMs;
		this.lastActed = null;
	}

	/** Judges one key at time `at`. Every key counts for the cadence, whether it acts or not. */
	judge(role: KeyRole, at: number): KeyVerdict {
		const previous = this.lastKeyAt;
		this.lastKeyAt = at;
		// SECURITY: ADR 0049: a key typed before the dialog was drawn, or while it appeared, never chooses.
		if (this.armedAt === null || at < this.armedAt) return this.typing(at, "before-armed");
		if (at < this.typingUntil) return this.typing(at, "typing");
		// Moving the cursor fast is harmless (arrows are not typed in prose); everything else needs the gap.
		const quick = at - previous < this.timing.keyGapMs;
		if (quick && !(role === "move" && this.lastActed === "move")) return this.typing(at, "typing");
		if (role === "text") return this.typing(at, "typing");
		this.lastActed = role;
		return ACT;
	}

	/** A key that answers nothing here (the complete view, the reason editor) still counts for the cadence. */
	observe(at: number): void {
		this.lastKeyAt = at;
	}

	/** A key that withdrew a pending approval: typing, so the typing window opens. */
	interrupted(at: number): void {
		this.lastKeyAt = at;
		this.typing(at, "typing");
	}

	private typing(at: number, because: IgnoredBecause): KeyVerdict {
		// SECURITY: every key of a burst extends the window, so a burst of any length is ignored to its end.
		this.typingUntil = Math.max(this.typingUntil, at + this.timing.typingPauseMs);
		this.ignored = true;
		this.lastActed = null;
		return { kind: "ignore", because };
	}
}
