import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALOG_TIMING, type DialogTiming, type KeyRole, TypingGuard } from "../../src/ui/typing-guard";

const T: DialogTiming = DIALOG_TIMING;

/** A guard whose dialog was drawn at time 0. */
function drawnGuard(typedAt: number | null = null): TypingGuard {
	const guard = new TypingGuard(T, typedAt);
	guard.drawn(0);
	return guard;
}

/** The verdicts of `keys`, each `[role, time]`. */
function verdicts(guard: TypingGuard, keys: readonly (readonly [KeyRole, number])[]): string[] {
	return keys.map(([role, at]) => guard.judge(role, at).kind);
}

const ARMED = T.armingMs;
const QUIET = T.typingPauseMs;

describe("TypingGuard (ADR 0049)", () => {
	it("has the timings the ADR chose", () => {
		expect(DIALOG_TIMING).toEqual({ armingMs: 600, keyGapMs: 400, typingPauseMs: 1500, settleMs: 400 });
	});

	it.each<[string, readonly (readonly [KeyRole, number])[], readonly string[]]>([
		["a key before the dialog is drawn is ignored", [["confirm", -5]], ["ignore"]],
		["a key while the dialog appears (before it is armed) is ignored", [["choose", ARMED - 1]], ["ignore"]],
		["a key once the dialog is armed acts", [["choose", ARMED]], ["act"]],
		[
			"a key right after an ignored one is ignored, and so on to the end of the burst",
			[
				["text", ARMED - 100],
				["choose", ARMED + 100],
				["confirm", ARMED + 300],
			],
			["ignore", "ignore", "ignore"],
		],
		[
			"after a burst, a key acts again once the typing pause has passed",
			[
				["text", ARMED + 10],
				["choose", ARMED + 10 + QUIET],
			],
			["ignore", "act"],
		],
		[
			"text is typing even after a pause",
			[
				["text", ARMED + 5000],
				["choose", ARMED + 5000 + QUIET - 1],
			],
			["ignore", "ignore"],
		],
		[
			"a confirm within the key gap of a choice is typing",
			[
				["choose", ARMED],
				["confirm", ARMED + T.keyGapMs - 1],
			],
			["act", "ignore"],
		],
		[
			"a confirm a key gap after a choice acts",
			[
				["choose", ARMED],
				["confirm", ARMED + T.keyGapMs],
			],
			["act", "act"],
		],
		[
			"arrow keys may follow each other quickly",
			[
				["move", ARMED],
				["move", ARMED + 50],
				["move", ARMED + 100],
			],
			["act", "act", "act"],
		],
		[
			"a letter right after an arrow is typing",
			[
				["move", ARMED],
				["choose", ARMED + 50],
			],
			["act", "ignore"],
		],
		[
			"a cancel in a burst is ignored too",
			[
				["text", ARMED],
				["cancel", ARMED + 200],
			],
			["ignore", "ignore"],
		],
	])("%s", (_name, keys, expected) => {
		expect(verdicts(drawnGuard(), keys)).toEqual(expected);
	});

	it("starts in the typing window when a key reached the terminal just before the dialog was created", () => {
		expect(verdicts(drawnGuard(-100), [["choose", ARMED]])).toEqual(["ignore"]);
		expect(verdicts(drawnGuard(-QUIET), [["choose", ARMED]])).toEqual(["act"]);
	});

	it("arms a new step again: a key as it appears is ignored", () => {
		const guard = drawnGuard();
		expect(guard.judge("confirm", 5000).kind).toBe("act");
		guard.rearm(5000);
		expect(guard.judge("confirm", 5000 + T.keyGapMs).kind).toBe("ignore");
	});

	it("counts an observed key for the cadence without opening the typing window", () => {
		const guard = drawnGuard();
		guard.observe(5000);
		expect(guard.judge("choose", 5100).kind).toBe("ignore");
		const calm = drawnGuard();
		calm.observe(5000);
		expect(calm.judge("choose", 5000 + T.keyGapMs).kind).toBe("act");
		expect(calm.ignoredAny).toBe(false);
	});

	it("opens the typing window on an interrupted approval", () => {
		const guard = drawnGuard();
		guard.interrupted(5000);
		expect(guard.judge("choose", 5000 + QUIET - 1).kind).toBe("ignore");
		expect(guard.ignoredAny).toBe(true);
	});

	it("says whether it ignored any key", () => {
		const guard = drawnGuard();
		guard.judge("choose", ARMED);
		expect(guard.ignoredAny).toBe(false);
		guard.judge("text", ARMED + 5000);
		expect(guard.ignoredAny).toBe(true);
	});

	it("never lets a key act that follows any key within the typing cadence, except an arrow after an arrow", () => {
		const role = fc.constantFrom<KeyRole>("move", "choose", "confirm", "cancel", "text");
		fc.assert(
			fc.property(
				fc.array(fc.tuple(role, fc.integer({ min: 0, max: T.keyGapMs - 1 })), { minLength: 2, maxLength: 40 }),
				fc.integer({ min: 0, max: 10_000 }),
				(keys, start) => {
					const guard = drawnGuard();
					let at = ARMED + start;
					let previous: { role: KeyRole; acted: boolean } | null = null;
					for (const [k, gap] of keys) {
						at += gap;
						const acted = guard.judge(k, at).kind === "act";
						if (previous !== null && acted && !(k === "move" && previous.role === "move" && previous.acted))
							return false;
						previous = { role: k, acted };
					}
					return true;
				},
			),
			{ numRuns: 500 },
		);
	});
});
