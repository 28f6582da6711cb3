import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	type DialogConfig,
	type DialogDecision,
	type DialogKey,
	type DialogState,
	dialogChoices,
	initialDialogState,
	MAX_REASON_LENGTH,
	reduce,
} from "../../src/ui/dialog-model";

const LOCAL: DialogConfig = { offersSession: true, choosesScope: false };
const ONCE_ONLY: DialogConfig = { ...LOCAL, offersSession: false };
const FORWARDED: DialogConfig = { ...LOCAL, choosesScope: true };

/** Keys written compactly: `y`, `⏎` enter, `⎋` escape, `↑`/`↓`, `⌫` backspace, `^o` expand, `"text"` typed chars. */
function keys(spec: string): DialogKey[] {
	const out: DialogKey[] = [];
	for (const token of spec.split(" ").filter((t) => t !== "")) {
		if (token === "⏎") out.push({ kind: "enter" });
		else if (token === "⎋") out.push({ kind: "escape" });
		else if (token === "↑") out.push({ kind: "up" });
		else if (token === "↓") out.push({ kind: "down" });
		else if (token === "⌫") out.push({ kind: "backspace" });
		else if (token === "^o") out.push({ kind: "expand" });
		else if (token.startsWith('"'))
			for (const char of token.slice(1, -1).replaceAll("_", " ")) out.push({ kind: "char", char });
		else out.push({ kind: "char", char: token });
	}
	return out;
}

interface Outcome {
	readonly state: DialogState;
	readonly decision: DialogDecision | null;
}

function play(config: DialogConfig, spec: string): Outcome {
	let state = initialDialogState();
	let decision: DialogDecision | null = null;
	for (const key of keys(spec)) {
		if (decision !== null) break;
		const step = reduce(config, state, key);
		state = step.state;
		decision = step.decision;
	}
	return { state, decision };
}

const ONCE: DialogDecision = { answer: "allow", scope: "once" };
const SESSION: DialogDecision = { answer: "allow", scope: "requester-session" };
const SERVING: DialogDecision = { answer: "allow", scope: "serving-session" };
const DENY: DialogDecision = { answer: "deny", reason: null };
const because = (reason: string): DialogDecision => ({ answer: "deny", reason });

describe("reduce", () => {
	it.each<[string, DialogConfig, string, DialogDecision | null]>([
		["y only chooses", LOCAL, "y", null],
		["y then enter approves once", LOCAL, "y ⏎", ONCE],
		["an upper-case Y chooses the same", LOCAL, "Y ⏎", ONCE],
		["s then enter approves for the session", LOCAL, "s ⏎", SESSION],
		["n then enter denies", LOCAL, "n ⏎", DENY],
		["esc denies", LOCAL, "⎋", DENY],
		["enter alone answers nothing: no entry is chosen yet", LOCAL, "⏎ ⏎", null],
		["a doubled letter never confirms", LOCAL, "y y s s n n", null],
		["down chooses the first entry and enter confirms it", LOCAL, "↓ ⏎", ONCE],
		["down twice then enter picks the session approval", LOCAL, "↓ ↓ ⏎", SESSION],
		["j moves down and k moves up", LOCAL, "j j j k ⏎", SESSION],
		["up from nothing chooses the last entry", LOCAL, '↑ ⏎ "no" ⏎', because("no")],
		["the cursor wraps downwards to the first choice", LOCAL, "↓ ↓ ↓ ↓ ↓ ⏎", ONCE],
		["another letter changes the choice before enter", LOCAL, "y n ⏎", DENY],
		[
			"r then enter opens the reason editor and enter denies with the reason",
			LOCAL,
			'r ⏎ "not_now" ⏎',
			because("not now"),
		],
		["the reason is trimmed", LOCAL, 'r ⏎ "__ok__" ⏎', because("ok")],
		["backspace edits the reason", LOCAL, 'r ⏎ "nox" ⌫ ⏎', because("no")],
		["an empty reason keeps the editor open", LOCAL, "r ⏎ ⏎ ⏎", null],
		["a blank reason keeps the editor open", LOCAL, 'r ⏎ "___" ⏎', null],
		["esc in the reason editor backs out, and the list then takes keys again", LOCAL, 'r ⏎ "x" ⎋ y ⏎', ONCE],
		["letters in the reason editor are text, not shortcuts", LOCAL, 'r ⏎ "yes" ⏎', because("yes")],
		["unknown letters do nothing", LOCAL, "q z 1 y ⏎", ONCE],
		["the expand key decides nothing", LOCAL, "^o ^o", null],
		["expanding keeps the choice keys working", LOCAL, "^o s ⏎", SESSION],
		["s does nothing when the ask may only be approved once", ONCE_ONLY, "s ⏎", null],
		["s does nothing and y still works when only once is offered", ONCE_ONLY, "s y ⏎", ONCE],
		["without a session choice the second row is the denial", ONCE_ONLY, "↓ ↓ ⏎", DENY],
		["forwarded: s then enter asks for the scope, enter keeps it to the subagent", FORWARDED, "s ⏎ ⏎", SESSION],
		["forwarded: s then down grants the whole serving session", FORWARDED, "s ⏎ ↓ ⏎", SERVING],
		["forwarded: j and k move in the scope step", FORWARDED, "s ⏎ j k j ⏎", SERVING],
		["forwarded: the scope step alone decides nothing", FORWARDED, "s ⏎ ↓", null],
		["forwarded: esc in the scope step backs out to the list", FORWARDED, "s ⏎ ⎋ n ⏎", DENY],
		["forwarded: y then enter still approves once", FORWARDED, "y ⏎", ONCE],
	])("%s", (_name, config, spec, decision) => {
		expect(play(config, spec).decision).toEqual(decision);
	});

	it.each<[string, DialogConfig, string, Partial<DialogState>]>([
		["nothing is chosen when the dialog opens", LOCAL, "", { phase: "choosing", cursor: null }],
		["expand toggles the complete view on", LOCAL, "^o", { phase: "choosing", expanded: true }],
		["expand toggles it off again", LOCAL, "^o ^o", { expanded: false }],
		[
			"the view stays expanded into the reason editor",
			LOCAL,
			'^o r ⏎ "a"',
			{ phase: "reason", text: "a", expanded: true },
		],
		["a letter moves the cursor to its choice", LOCAL, "n", { phase: "choosing", cursor: 2 }],
		["backing out of the reason leaves its choice chosen", LOCAL, "r ⏎ ⎋", { phase: "choosing", cursor: 3 }],
		["backing out of the scope leaves the session choice chosen", FORWARDED, "s ⏎ ⎋", { cursor: 1 }],
		["backspace on an empty reason keeps it empty", LOCAL, "r ⏎ ⌫ ⌫", { phase: "reason", text: "" }],
	])("%s", (_name, config, spec, state) => {
		expect(play(config, spec).state).toMatchObject(state);
	});

	it("caps the typed reason at its maximum length", () => {
		let state: DialogState = { phase: "reason", text: "", expanded: false };
		for (let i = 0; i < MAX_REASON_LENGTH + 50; i += 1) state = reduce(LOCAL, state, { kind: "char", char: "a" }).state;
		expect(state).toMatchObject({ text: "a".repeat(MAX_REASON_LENGTH) });
	});

	it("never approves without enter", () => {
		const key = fc.oneof(
			fc.constantFrom<DialogKey>(
				{ kind: "up" },
				{ kind: "down" },
				{ kind: "escape" },
				{ kind: "backspace" },
				{ kind: "expand" },
			),
			fc
				.constantFrom("y", "s", "a", "g", "n", "r", "j", "k", "q", "x")
				.map((char): DialogKey => ({ kind: "char", char })),
		);
		fc.assert(
			fc.property(
				fc.constantFrom(LOCAL, FORWARDED, ONCE_ONLY, { ...LOCAL, offersAlways: { project: true, global: true } }),
				fc.array(key, { maxLength: 30 }),
				(config, seq) => {
					let state = initialDialogState();
					for (const k of seq) {
						const step = reduce(config, state, k);
						if (step.decision !== null) return step.decision.answer === "deny";
						state = step.state;
					}
					return true;
				},
			),
			{ numRuns: 300 },
		);
	});
});

describe("the always choices (ADR 0032)", () => {
	const ALWAYS: DialogConfig = { ...LOCAL, offersAlways: { project: true, global: true } };
	const PROJECT_ONLY: DialogConfig = { ...LOCAL, offersAlways: { project: true, global: false } };
	const PROJECT: DialogDecision = { answer: "allow", scope: "always-project" };
	const GLOBAL: DialogDecision = { answer: "allow", scope: "always-global" };

	it("lists them after the session approval, in key order a then g", () => {
		expect(dialogChoices(ALWAYS)).toEqual([
			"approved",
			"approved_for_session",
			"approved_always_project",
			"approved_always_global",
			"denied",
			"denied_with_reason",
		]);
		expect(dialogChoices(PROJECT_ONLY)).not.toContain("approved_always_global");
	});

	it("a or g then enter opens the confirmation step; only enter there writes, esc goes back", () => {
		expect(play(ALWAYS, "a ⏎").decision).toBeNull();
		expect(play(ALWAYS, "a ⏎").state).toMatchObject({ phase: "always", choice: "approved_always_project" });
		expect(play(ALWAYS, "a ⏎ ⏎").decision).toEqual(PROJECT);
		expect(play(ALWAYS, "g ⏎ ⏎").decision).toEqual(GLOBAL);
		expect(play(ALWAYS, "↓ ↓ ↓ ⏎ ⏎").decision).toEqual(PROJECT);
		expect(play(ALWAYS, "↓ ↓ ↓ ↓ ⏎ ⏎").decision).toEqual(GLOBAL);
		expect(play(ALWAYS, "g ⏎ ⎋").state).toMatchObject({ phase: "choosing", cursor: 3 });
		expect(play(ALWAYS, "g ⏎ ⎋ n ⏎").decision).toEqual(DENY);
	});

	it("letters and arrows in the confirmation step do nothing", () => {
		expect(play(ALWAYS, "a ⏎ a g y ↓ ↑ j").state).toMatchObject({ phase: "always", choice: "approved_always_project" });
		expect(play(ALWAYS, "a ⏎ a g y ↓ ↑ j").decision).toBeNull();
	});

	it("a key for a choice not offered does nothing: no always without a session approval or the offer", () => {
		expect(play(PROJECT_ONLY, "g ⏎ ⏎").decision).toBeNull();
		expect(play(LOCAL, "a ⏎ ⏎").decision).toBeNull();
		expect(play({ ...ALWAYS, offersSession: false }, "a ⏎ ⏎").decision).toBeNull();
		expect(dialogChoices({ ...ALWAYS, offersSession: false })).toEqual(["approved", "denied", "denied_with_reason"]);
	});
});
