import type { ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import type { Component, TUI } from "@earendil-works/pi-tui";
import type { AskDetails, GrantScope } from "@pi-permissions/authority";
import { buildForwardedAskPayload, buildToolAskPayload, type PromptPayload } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { TuiUserPrompt, themePainter } from "../../src/ui/tui-user-prompt";
import { DIALOG_TIMING } from "../../src/ui/typing-guard";
import { ManualClock } from "../support/manual-clock";

/** Longer than every window of ADR 0049: a key after it is deliberate. */
const PAUSE = DIALOG_TIMING.typingPauseMs + 100;

const local = buildToolAskPayload({
	requester: { agentName: null, sessionId: "s1", subagent: false },
	matchedPattern: null,
	ruleOrigin: null,
	sessionSuggestion: "deploy",
	toolName: "deploy",
	value: "deploy",
	input: { target: "prod" },
});

function ask(payload: PromptPayload = local, signal?: AbortSignal): AskDetails {
	return {
		requestId: "req-1",
		payload,
		access: { surface: "deploy", matchValues: ["deploy"], boundaryValue: null },
		agentName: null,
		forwarding: null,
		...(signal === undefined ? {} : { signal }),
	};
}

const LOCAL_SCOPES: readonly GrantScope[] = ["once", "requester-session"];
const FORWARDED_SCOPES: readonly GrantScope[] = ["once", "requester-session", "serving-session"];

const theme = { fg: (_color: string, text: string) => text, bold: (text: string) => text } as unknown as Theme;

interface Shown {
	rendered: string[];
	blocked: unknown;
}

/**
 * Pi's `ctx.ui.custom`, driven by a scripted keyboard: each key is fed to the component as raw terminal input after a
 * deliberate pause on the session's clock (`gapMs` overrides it: typing), then an approval's quiet period passes.
 */
function terminal(input: readonly string[], options: { expandKey?: string; gapMs?: number } = {}) {
	const shown: Shown = { rendered: [], blocked: undefined };
	const clock = new ManualClock();
	const listeners: ((data: string) => unknown)[] = [];
	const ui = {
		custom: <T>(
			factory: (tui: TUI, theme: Theme, keybindings: KeybindingsManager, done: (result: T) => void) => Component,
			opts?: { blocked?: unknown },
		): Promise<T> =>
			new Promise<T>((resolve) => {
				shown.blocked = opts?.blocked;
				const tui = { requestRender: () => undefined } as unknown as TUI;
				const keybindings = {
					matches: (data: string, id: string) => id === "app.tools.expand" && data === options.expandKey,
				} as unknown as KeybindingsManager;
				const component = factory(tui, theme, keybindings, resolve);
				shown.rendered = [...component.render(100)];
				for (const data of input) {
					clock.advance(options.gapMs ?? PAUSE);
					component.handleInput?.(data);
				}
				clock.advance(DIALOG_TIMING.settleMs);
			}),
		onTerminalInput: (listener: (data: string) => unknown) => {
			listeners.push(listener);
			return () => undefined;
		},
	} as unknown as ExtensionUIContext;
	const settings = { promptMaxRows: 24, promptFieldMaxWidth: 160, timeoutMs: 60_000 };
	return {
		ui,
		shown,
		/** A key typed into Pi's editor now (every terminal input listener sees it). */
		typeIntoEditor: (data: string) => {
			for (const listener of listeners) listener(data);
		},
		prompt: (overrides: Partial<typeof settings> = {}) =>
			new TuiUserPrompt(ui, () => ({ ...settings, ...overrides }), clock),
	};
}

describe("TuiUserPrompt", () => {
	it.each<[string, readonly string[], unknown]>([
		["y, enter", ["y", "\r"], { answer: "allow", scope: "once", via: "dialog" }],
		["s, enter", ["s", "\r"], { answer: "allow", scope: "requester-session", via: "dialog" }],
		["n, enter", ["n", "\r"], { answer: "deny", reason: null, via: "dialog" }],
		["esc", ["\x1b"], { answer: "deny", reason: null, via: "dialog" }],
		["r, enter, a reason, enter", ["r", "\r", "n", "o", "\r"], { answer: "deny", reason: "no", via: "dialog" }],
	])("answers the deliberate keys %s through the inline dialog", async (_name, keys, answer) => {
		expect(await terminal(keys).prompt().ask(ask(), LOCAL_SCOPES)).toEqual(answer);
	});

	it("renders the ask and reports pi as blocked on a permission", async () => {
		const { prompt, shown } = terminal(["\x1b"]);
		await prompt().ask(ask(), LOCAL_SCOPES);
		expect(shown.rendered.join("\n")).toContain("deploy");
		expect(shown.blocked).toMatchObject({ kind: "permission" });
	});

	it("answers nothing to keys typed at typing speed, then times out as a denial", async () => {
		const typed = [..."yes, I guess so\ryy\rss\r"];
		const answer = await terminal(typed, { gapMs: 120 }).prompt({ timeoutMs: 0 }).ask(ask(), LOCAL_SCOPES);
		expect(answer).toEqual({ answer: "deny", reason: null, via: "dialog" });
	});

	it("ignores keys that follow typing into the editor as the dialog appears", async () => {
		const keys = terminal(["y", "\r"], { gapMs: DIALOG_TIMING.armingMs + 100 });
		const prompt = keys.prompt({ timeoutMs: 0 });
		keys.typeIntoEditor("o");
		expect(await prompt.ask(ask(), LOCAL_SCOPES)).toEqual({ answer: "deny", reason: null, via: "dialog" });
		const calm = terminal(["y", "\r"], { gapMs: DIALOG_TIMING.armingMs + 100 });
		expect(await calm.prompt().ask(ask(), LOCAL_SCOPES)).toEqual({ answer: "allow", scope: "once", via: "dialog" });
	});

	it("ignores s when the ask may only be approved once", async () => {
		const answer = await terminal(["s", "\r", "n", "\r"]).prompt().ask(ask(), ["once"]);
		expect(answer).toEqual({ answer: "deny", reason: null, via: "dialog" });
	});

	it("lets a forwarded ask's session approval cover the whole serving session", async () => {
		const forwarded = buildForwardedAskPayload({
			child: local,
			forwarding: { requesterAgentName: "scout", requesterSessionId: "child-1" },
		});
		const answer = await terminal(["s", "\r", "\x1b[B", "\r"]).prompt().ask(ask(forwarded), FORWARDED_SCOPES);
		expect(answer).toEqual({ answer: "allow", scope: "serving-session", via: "dialog" });
	});

	it("denies when the wait runs out without a key", async () => {
		const answer = await terminal([]).prompt({ timeoutMs: 0 }).ask(ask(), LOCAL_SCOPES);
		expect(answer).toEqual({ answer: "deny", reason: null, via: "dialog" });
	});

	it("denies an ask that was already aborted", async () => {
		const answer = await terminal([]).prompt().ask(ask(local, AbortSignal.abort()), LOCAL_SCOPES);
		expect(answer).toEqual({ answer: "deny", reason: null, via: "dialog" });
	});

	it("denies when the ask is aborted while the dialog waits", async () => {
		const controller = new AbortController();
		const pending = terminal([]).prompt().ask(ask(local, controller.signal), LOCAL_SCOPES);
		controller.abort();
		expect(await pending).toEqual({ answer: "deny", reason: null, via: "dialog" });
	});

	it("denies when the host returns no result", async () => {
		const ui = { custom: async () => undefined } as unknown as ExtensionUIContext;
		const settings = { promptMaxRows: 24, promptFieldMaxWidth: 160, timeoutMs: 1000 };
		expect(await new TuiUserPrompt(ui, () => settings, new ManualClock()).ask(ask(), LOCAL_SCOPES)).toEqual({
			answer: "deny",
			reason: null,
			via: "dialog",
		});
	});
});

describe("themePainter", () => {
	it("styles highlights as warnings, hints as dim and the title bold", () => {
		const painted = themePainter({
			fg: (color: string, text: string) => `<${color}>${text}`,
			bold: (text: string) => `<b>${text}`,
		} as unknown as Theme);
		expect([painted.highlight("a"), painted.dim("b"), painted.bold("c")]).toEqual(["<warning>a", "<dim>b", "<b>c"]);
	});
});
