import { visibleWidth } from "@earendil-works/pi-tui";
import {
	buildForwardedAskPayload,
	buildToolAskPayload,
	type Painter,
	PLAIN_PAINTER,
	type PromptPayload,
} from "@pi-permissions/presentation";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AlwaysOffer } from "../../src/grants/always-offer";
import { IGNORED_NOTICE } from "../../src/ui/dialog-footer";
import type { DialogConfig, DialogDecision } from "../../src/ui/dialog-model";
import { decodeDialogKey, PermissionDialog } from "../../src/ui/permission-dialog";
import { DIALOG_TIMING } from "../../src/ui/typing-guard";
import { FakeDialogClock } from "../support/fake-dialog-clock";

const MAX_ROWS = 12;

/** A deploy call whose input has many long fields: more evidence than the row budget holds. */
const bulky = buildToolAskPayload({
	requester: { agentName: "builder", sessionId: "s1", subagent: false },
	matchedPattern: null,
	ruleOrigin: null,
	sessionSuggestion: "deploy:prod-*",
	toolName: "deploy",
	value: "deploy",
	input: Object.fromEntries(
		Array.from({ length: 30 }, (_, i) => [`field${i}`, `${`value ${i} `.repeat(40)}\nsecond line\nthird line`]),
	),
});

const forwarded = buildForwardedAskPayload({
	child: bulky,
	forwarding: { requesterAgentName: "scout", requesterSessionId: "child-1" },
});

const LOCAL: DialogConfig = { offersSession: true, choosesScope: false };

/** A pause longer than every window of ADR 0049: the key after it is deliberate. */
const PAUSE = DIALOG_TIMING.typingPauseMs + 100;

const ALWAYS: AlwaysOffer = {
	project: {
		label: 'Always, in this project ("deploy:prod-*" → .pi/extensions/pi-permissions/config.json)',
		rule: '"deploy:prod-*": "allow" in permission.deploy',
		file: ".pi/extensions/pi-permissions/config.json (this project)",
	},
	global: {
		label: 'Always, everywhere ("deploy:prod-*" → ~/.pi/agent/extensions/pi-permissions/config.json)',
		rule: '"deploy:prod-*": "allow" in permission.deploy',
		file: "~/.pi/agent/extensions/pi-permissions/config.json (every project)",
	},
};

/** Styles with real ANSI sequences, as Pi's theme does: widths must be measured without them. */
const ANSI: Painter = {
	highlight: (t) => `\x1b[33m${t}\x1b[39m`,
	dim: (t) => `\x1b[2m${t}\x1b[22m`,
	bold: (t) => `\x1b[1m${t}\x1b[22m`,
};

/** A plain ask, cheap to lay out, for the property tests. */
const small = buildToolAskPayload({
	requester: { agentName: null, sessionId: "s1", subagent: false },
	matchedPattern: null,
	ruleOrigin: null,
	sessionSuggestion: "deploy:prod-*",
	toolName: "deploy",
	value: "deploy",
	input: { target: "prod" },
});

const smallForwarded = buildForwardedAskPayload({
	child: small,
	forwarding: { requesterAgentName: "scout", requesterSessionId: "child-1" },
});

/**
 * A dialog drawn at time 0 on a hand-driven clock. `press` feeds raw input after a pause (deliberate keys by default),
 * `settle` lets a pending approval's quiet period pass.
 */
function dialog(
	payload: PromptPayload = bulky,
	config: DialogConfig = LOCAL,
	extra: { always?: AlwaysOffer; typedAt?: number } = {},
	drawWidth = 80,
) {
	const decisions: DialogDecision[] = [];
	const clock = new FakeDialogClock();
	let renders = 0;
	const component = new PermissionDialog({
		payload,
		config,
		maxRows: MAX_ROWS,
		fieldMaxWidth: 60,
		painter: ANSI,
		clock,
		...extra,
		onDecision: (decision) => decisions.push(decision),
		requestRender: () => {
			renders += 1;
		},
	});
	component.render(drawWidth);
	const press = (data: string, afterMs = PAUSE): void => {
		clock.advance(afterMs);
		component.handleInput(data);
	};
	/** Each input after a pause, then the quiet period of an approval. */
	const deliberately = (...input: readonly string[]): void => {
		for (const data of input) press(data);
		clock.advance(DIALOG_TIMING.settleMs);
	};
	return { component, decisions, clock, press, deliberately, renders: () => renders };
}

/** The most rows the dialog adds below the body (the choice list, the ignored-keys notice and the hint). */
const FOOTER_MAX_ROWS = 8;

/** Raw terminal bytes for the keys the dialog reads. */
const RAW = {
	enter: "\r",
	escape: "\x1b",
	up: "\x1b[A",
	down: "\x1b[B",
	backspace: "\x7f",
	ctrlO: "\x0f",
	pageDown: "\x1b[6~",
	end: "\x1b[F",
} as const;

describe("PermissionDialog", () => {
	it.each([80, 160])("keeps the bounded view within the row budget and the width at %i columns", (width) => {
		const { component } = dialog();
		const lines = component.render(width);
		expect(lines.length).toBeLessThanOrEqual(MAX_ROWS + FOOTER_MAX_ROWS);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
		expect(lines.some((line) => /\+\d+ (more evidence items|hidden)/.test(line))).toBe(true);
	});

	it.each([80, 160])(
		"shows the complete view on the expand key at %i columns as a window within the width",
		(width) => {
			const { component, decisions } = dialog();
			const bounded = component.render(width).length;
			component.handleInput(RAW.ctrlO);
			const window = component.render(width);
			expect(window.length).toBe(MAX_ROWS + 1);
			expect(window.at(-1)).toContain("esc back to the choices");
			for (const line of window) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
			// Paging down reaches every entry, the last one included.
			let seen = window.join("\n");
			for (let page = 0; page < 200 && !seen.includes("input field29"); page++) {
				component.handleInput(RAW.pageDown);
				seen = component.render(width).join("\n");
			}
			expect(seen).toContain("input field29");
			component.handleInput(RAW.ctrlO);
			expect(component.render(width).length).toBe(bounded);
			expect(decisions).toEqual([]);
		},
	);

	it("goes back to the choices on Esc in the complete view, without answering (ADR 0033)", () => {
		const { component, decisions, press, deliberately } = dialog();
		press(RAW.ctrlO);
		press(RAW.end);
		press("y");
		expect(decisions).toEqual([]);
		press(RAW.escape);
		expect(component.current).toMatchObject({ phase: "choosing", expanded: false });
		expect(decisions).toEqual([]);
		deliberately("n", RAW.enter);
		expect(decisions).toEqual([{ answer: "deny", reason: null }]);
	});

	it("reads Esc joined with the next key (alt+key) in the complete view as Esc, then that key as typing", () => {
		const { component, decisions, press } = dialog();
		press(RAW.ctrlO);
		press("\x1bn");
		expect(component.current).toMatchObject({ phase: "choosing", cursor: null, expanded: false });
		expect(decisions).toEqual([]);
		expect(component.render(120).join("\n")).toContain(IGNORED_NOTICE);
	});

	it("keeps a multi-line paste in the reason editor as one line, bracketed or not (ADR 0033)", () => {
		const bracketed = dialog();
		bracketed.deliberately("r", RAW.enter);
		for (const data of ["\x1b[200~first line\nsecond", " line\x1b[201~", RAW.enter])
			bracketed.component.handleInput(data);
		expect(bracketed.decisions).toEqual([{ answer: "deny", reason: "first line second line" }]);
		const plain = dialog();
		plain.deliberately("r", RAW.enter);
		for (const data of ["one\r\ntwo\tthree", RAW.enter]) plain.component.handleInput(data);
		expect(plain.decisions).toEqual([{ answer: "deny", reason: "one two three" }]);
	});

	it("renders the complete view of a megabyte command in bounded rows and reaches its end", () => {
		const command = `ls ${"a".repeat(1_000_000)} ; rm -rf x`;
		const payload = buildToolAskPayload({
			requester: { agentName: null, sessionId: "s1", subagent: false },
			matchedPattern: null,
			ruleOrigin: null,
			sessionSuggestion: null,
			toolName: "deploy",
			value: "deploy",
			input: { command },
		});
		const { component } = dialog(payload);
		component.handleInput(RAW.ctrlO);
		expect(component.render(100)).toHaveLength(MAX_ROWS + 1);
		component.handleInput(RAW.end);
		expect(component.render(100).join("\n")).toContain("; rm -rf x");
	});

	it("lists the choices with their keys, and the session choice names the pattern it grants", () => {
		const text = dialog().component.render(160).join("\n");
		expect(text).toContain("[y] Yes");
		expect(text).toContain("[s] Yes, for this session (`deploy:prod-*`; not calls your policy denies)");
		expect(text).toContain("[n] No");
		expect(text).toContain("[r] No");
	});

	it("offers no session choice when the ask may only be approved once", () => {
		const text = dialog(bulky, { ...LOCAL, offersSession: false })
			.component.render(160)
			.join("\n");
		expect(text).not.toContain("[s]");
	});

	it.each<[string, readonly string[], DialogDecision]>([
		["y, enter", ["y", RAW.enter], { answer: "allow", scope: "once" }],
		["s, enter", ["s", RAW.enter], { answer: "allow", scope: "requester-session" }],
		["n, enter", ["n", RAW.enter], { answer: "deny", reason: null }],
		["esc", [RAW.escape], { answer: "deny", reason: null }],
		["down, down, enter", [RAW.down, RAW.down, RAW.enter], { answer: "allow", scope: "requester-session" }],
		[
			"r, enter, typing, backspace, enter",
			["r", RAW.enter, "t", "o", "o", "x", RAW.backspace, RAW.enter],
			{ answer: "deny", reason: "too" },
		],
		["r, enter, a pasted reason, enter", ["r", RAW.enter, "not now", RAW.enter], { answer: "deny", reason: "not now" }],
	])("turns the deliberate keys %s into its decision, once", (_name, input, decision) => {
		const { decisions, deliberately } = dialog();
		deliberately(...input);
		deliberately("y", RAW.enter);
		expect(decisions).toEqual([decision]);
	});

	it("shows the reason editor with the typed text", () => {
		const { component, deliberately, press } = dialog();
		deliberately("r", RAW.enter);
		press("n", 10);
		press("o", 10);
		const text = component.render(80).join("\n");
		expect(text).toContain("Reason for denying");
		expect(text).toContain("> no");
	});

	it("asks for enter after a letter chose, and names the choice", () => {
		const { component, decisions, press } = dialog();
		expect(component.render(120).join("\n")).toContain("↑↓ or a letter to choose · enter to confirm");
		press("y");
		expect(decisions).toEqual([]);
		expect(component.render(120).join("\n")).toContain("enter to confirm: Yes, once");
		press("y");
		expect(decisions).toEqual([]);
	});

	it("carries an approval out only after its quiet period, and a key in it withdraws the approval", () => {
		const { component, decisions, clock, press } = dialog();
		press("y");
		press(RAW.enter);
		expect(decisions).toEqual([]);
		expect(component.render(120).join("\n")).toContain("any key cancels · confirming: Yes, once");
		press("o", DIALOG_TIMING.settleMs - 1);
		clock.advance(10_000);
		expect(decisions).toEqual([]);
		expect(component.current).toMatchObject({ phase: "choosing", cursor: null });
		expect(component.render(120).join("\n")).toContain(IGNORED_NOTICE);
	});

	it("carries a denial out at once", () => {
		const { decisions, press } = dialog();
		press("n");
		press(RAW.enter);
		expect(decisions).toEqual([{ answer: "deny", reason: null }]);
	});

	it("ignores keys typed before it is armed, and says so", () => {
		const { component, decisions, clock } = dialog();
		for (const data of ["y", RAW.enter, "y", RAW.enter, RAW.escape]) component.handleInput(data);
		clock.advance(10_000);
		expect(decisions).toEqual([]);
		expect(component.render(120).join("\n")).toContain(IGNORED_NOTICE);
	});

	it("ignores keys right after the person typed into the editor as it appeared", () => {
		const { decisions, deliberately, press } = dialog(bulky, LOCAL, { typedAt: 0 });
		press("y", DIALOG_TIMING.armingMs);
		press(RAW.enter, DIALOG_TIMING.keyGapMs);
		deliberately();
		expect(decisions).toEqual([]);
		deliberately("y", RAW.enter);
		expect(decisions).toEqual([{ answer: "allow", scope: "once" }]);
	});

	it("answers nothing to a paste, whatever it holds", () => {
		const { decisions, press, deliberately } = dialog();
		press("\x1b[200~yy\rss\raa\r\x1b\x1b[201~");
		press("yy\rgg\r");
		deliberately();
		expect(decisions).toEqual([]);
		deliberately("n", RAW.enter);
		expect(decisions).toEqual([{ answer: "deny", reason: null }]);
	});

	it("never answers typed text with doubled letters and enters at any typing speed, and still takes a deliberate choice", () => {
		const char = fc.constantFrom("y", "s", "a", "g", "n", "r", "e", "o", " ", ",", RAW.enter, RAW.backspace);
		fc.assert(
			fc.property(
				fc.array(fc.tuple(char, fc.integer({ min: 0, max: DIALOG_TIMING.typingPauseMs - 1 })), {
					minLength: 2,
					maxLength: 80,
				}),
				fc.integer({ min: 0, max: 5000 }),
				(typed, start) => {
					const config = { ...LOCAL, offersAlways: { project: true, global: true } };
					const { decisions, press, deliberately } = dialog(small, config, { always: ALWAYS, typedAt: 0 });
					// The person was typing as the dialog appeared (`typedAt`) and goes on typing.
					press(typed[0]?.[0] ?? "x", Math.min(start, DIALOG_TIMING.typingPauseMs - 1));
					for (const [data, gap] of typed.slice(1)) press(data, gap);
					deliberately();
					if (decisions.length > 0) return false;
					deliberately("y", RAW.enter);
					return decisions.length === 1 && decisions[0]?.answer === "allow";
				},
			),
			{ numRuns: 200 },
		);
	});

	it("confirms a grant written to a file in a step that shows the rule and the file (ADR 0049)", () => {
		const config = { ...LOCAL, offersAlways: { project: true, global: true } };
		const { component, decisions, press, deliberately } = dialog(bulky, config, { always: ALWAYS });
		press("g");
		press(RAW.enter);
		const step = component.render(160).join("\n");
		expect(step).toContain('rule: "deploy:prod-*": "allow" in permission.deploy');
		expect(step).toContain("file: ~/.pi/agent/extensions/pi-permissions/config.json (every project)");
		expect(step).toContain("enter to confirm the write");
		// An enter pressed as the step appears is ignored, and lets the choice go.
		press(RAW.enter, DIALOG_TIMING.armingMs - 1);
		deliberately();
		expect(decisions).toEqual([]);
		expect(component.current).toMatchObject({ phase: "choosing", cursor: null });
		deliberately("a", RAW.enter, RAW.enter);
		expect(decisions).toEqual([{ answer: "allow", scope: "always-project" }]);
	});

	it("stops a pending approval when it is disposed", () => {
		const { component, decisions, clock, press } = dialog();
		press("y");
		press(RAW.enter);
		component.dispose();
		clock.advance(10_000);
		expect(decisions).toEqual([]);
	});

	it("titles a forwarded ask as coming from a subagent and asks where the session approval applies", () => {
		const { component, decisions, press, deliberately } = dialog(forwarded, { ...LOCAL, choosesScope: true });
		expect(component.render(80)[0]).toContain("subagent");
		press("s");
		press(RAW.enter);
		const text = component.render(80).join("\n");
		expect(text).toContain("This subagent only");
		expect(text).toContain("The whole serving session");
		deliberately(RAW.down, RAW.enter);
		expect(decisions).toEqual([{ answer: "allow", scope: "serving-session" }]);
	});

	it.each([80, 160])("keeps a forwarded ask within the row budget at %i columns", (width) => {
		const { component, press } = dialog(forwarded, { ...LOCAL, choosesScope: true });
		press("s");
		press(RAW.enter);
		const lines = component.render(width);
		expect(lines.length).toBeLessThanOrEqual(MAX_ROWS + FOOTER_MAX_ROWS);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
	});

	it("never draws a row wider than the terminal, whatever the width, view and step", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 240 }),
				fc.array(fc.constantFrom(RAW.ctrlO, RAW.down, RAW.enter, "s", "r", "g", "x", RAW.escape), { maxLength: 6 }),
				fc.boolean(),
				(width, input, typed) => {
					const config = { ...LOCAL, choosesScope: true, offersAlways: { project: true, global: true } };
					const { component, press } = dialog(smallForwarded, config, { always: ALWAYS }, width);
					for (const data of input) press(data, typed ? 10 : PAUSE);
					return component.render(width).every((line) => visibleWidth(line) <= width);
				},
			),
			{ numRuns: 60 },
		);
	});

	it("renders with the plain painter too", () => {
		const component = new PermissionDialog({
			payload: bulky,
			config: LOCAL,
			maxRows: MAX_ROWS,
			fieldMaxWidth: 60,
			painter: PLAIN_PAINTER,
			clock: new FakeDialogClock(),
			onDecision: () => undefined,
			requestRender: () => undefined,
		});
		expect(component.render(80).length).toBeGreaterThan(0);
	});
});

describe("decodeDialogKey", () => {
	it.each([
		["\r", { kind: "enter" }],
		["\x1b", { kind: "escape" }],
		["\x1b[A", { kind: "up" }],
		["\x1b[B", { kind: "down" }],
		["\x7f", { kind: "backspace" }],
		["\x0f", { kind: "expand" }],
		["y", { kind: "char", char: "y" }],
		["é", { kind: "char", char: "é" }],
	])("decodes %j", (data, key) => {
		expect(decodeDialogKey(data)).toEqual(key);
	});

	it.each(["\x1b[200~evil\x1b[201~", "\x07", "a\nb", "\x1b[<0;3;4M"])(
		"ignores control sequences such as %j",
		(data) => {
			expect(decodeDialogKey(data)).toBeNull();
		},
	);

	it("decodes the host's configured expand key", () => {
		expect(decodeDialogKey("\x05", (data) => data === "\x05")).toEqual({ kind: "expand" });
	});
});
