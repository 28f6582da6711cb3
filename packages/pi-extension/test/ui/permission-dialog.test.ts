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
import type { DialogConfig, DialogDecision } from "../../src/ui/dialog-model";
import { decodeDialogKey, PermissionDialog } from "../../src/ui/permission-dialog";

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

const LOCAL: DialogConfig = { offersSession: true, choosesScope: false, doublePressToConfirm: false };

/** Styles with real ANSI sequences, as Pi's theme does: widths must be measured without them. */
const ANSI: Painter = {
	highlight: (t) => `\x1b[33m${t}\x1b[39m`,
	dim: (t) => `\x1b[2m${t}\x1b[22m`,
	bold: (t) => `\x1b[1m${t}\x1b[22m`,
};

function dialog(payload: PromptPayload = bulky, config: DialogConfig = LOCAL) {
	const decisions: DialogDecision[] = [];
	let renders = 0;
	const component = new PermissionDialog({
		payload,
		config,
		maxRows: MAX_ROWS,
		fieldMaxWidth: 60,
		painter: ANSI,
		onDecision: (decision) => decisions.push(decision),
		requestRender: () => {
			renders += 1;
		},
	});
	return { component, decisions, renders: () => renders };
}

/** The most rows the dialog adds below the body (the choice list and its hint). */
const FOOTER_MAX_ROWS = 7;

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
		const { component, decisions } = dialog();
		component.handleInput(RAW.ctrlO);
		component.handleInput(RAW.end);
		component.handleInput("y");
		expect(decisions).toEqual([]);
		component.handleInput(RAW.escape);
		expect(component.current).toMatchObject({ phase: "choosing", expanded: false });
		expect(decisions).toEqual([]);
		component.handleInput("n");
		expect(decisions).toEqual([{ answer: "deny", reason: null }]);
	});

	it("reads Esc joined with the next key (alt+key) in the complete view as Esc, then that key", () => {
		const { component, decisions } = dialog();
		component.handleInput(RAW.ctrlO);
		component.handleInput("\x1bn");
		expect(decisions).toEqual([{ answer: "deny", reason: null }]);
	});

	it("keeps a multi-line paste in the reason editor as one line, bracketed or not (ADR 0033)", () => {
		const bracketed = dialog();
		for (const data of ["r", "\x1b[200~first line\nsecond", " line\x1b[201~", RAW.enter])
			bracketed.component.handleInput(data);
		expect(bracketed.decisions).toEqual([{ answer: "deny", reason: "first line second line" }]);
		const plain = dialog();
		for (const data of ["r", "one\r\ntwo\tthree", RAW.enter]) plain.component.handleInput(data);
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
		["y", ["y"], { answer: "allow", scope: "once" }],
		["s", ["s"], { answer: "allow", scope: "requester-session" }],
		["n", ["n"], { answer: "deny", reason: null }],
		["esc", [RAW.escape], { answer: "deny", reason: null }],
		["down, enter", [RAW.down, RAW.enter], { answer: "allow", scope: "requester-session" }],
		[
			"r, typing, backspace, enter",
			["r", "t", "o", "o", "x", RAW.backspace, RAW.enter],
			{ answer: "deny", reason: "too" },
		],
		["r, a pasted reason, enter", ["r", "not now", RAW.enter], { answer: "deny", reason: "not now" }],
	])("turns the raw keys %s into its decision, once", (_name, input, decision) => {
		const { component, decisions } = dialog();
		for (const data of input) component.handleInput(data);
		component.handleInput("y");
		expect(decisions).toEqual([decision]);
	});

	it("shows the reason editor with the typed text", () => {
		const { component, renders } = dialog();
		for (const data of ["r", "n", "o"]) component.handleInput(data);
		const text = component.render(80).join("\n");
		expect(text).toContain("Reason for denying");
		expect(text).toContain("> no");
		expect(renders()).toBe(3);
	});

	it("asks for a second press when double-press confirmation is on", () => {
		const { component, decisions } = dialog(bulky, { ...LOCAL, doublePressToConfirm: true });
		component.handleInput("y");
		expect(decisions).toEqual([]);
		expect(component.render(80).join("\n")).toContain("press y or enter again to confirm");
		component.handleInput("y");
		expect(decisions).toEqual([{ answer: "allow", scope: "once" }]);
	});

	it("titles a forwarded ask as coming from a subagent and asks where the session approval applies", () => {
		const { component, decisions } = dialog(forwarded, { ...LOCAL, choosesScope: true });
		expect(component.render(80)[0]).toContain("subagent");
		component.handleInput("s");
		const text = component.render(80).join("\n");
		expect(text).toContain("This subagent only");
		expect(text).toContain("The whole serving session");
		component.handleInput(RAW.down);
		component.handleInput(RAW.enter);
		expect(decisions).toEqual([{ answer: "allow", scope: "serving-session" }]);
	});

	it.each([80, 160])("keeps a forwarded ask within the row budget at %i columns", (width) => {
		const { component } = dialog(forwarded, { ...LOCAL, choosesScope: true });
		component.handleInput("s");
		const lines = component.render(width);
		expect(lines.length).toBeLessThanOrEqual(MAX_ROWS + FOOTER_MAX_ROWS);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
	});

	it("never draws a row wider than the terminal, whatever the width, view and step", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 240 }),
				fc.array(fc.constantFrom(RAW.ctrlO, RAW.down, "s", "r", "x", RAW.escape), { maxLength: 6 }),
				(width, input) => {
					const { component } = dialog(forwarded, { ...LOCAL, choosesScope: true, doublePressToConfirm: true });
					for (const data of input) component.handleInput(data);
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
