import type { ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import type { Component, TUI } from "@earendil-works/pi-tui";
import { systemClock } from "@pi-permissions/authority";
import { CONFIG_DEFAULTS, validateConfig } from "@pi-permissions/policy";
import { buildToolAskPayload } from "@pi-permissions/presentation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PromptPing, type PromptPingSettings, pingSequence } from "../../src/ui/prompt-ping";
import { TuiUserPrompt } from "../../src/ui/tui-user-prompt";
import { userPromptFor } from "../../src/ui/user-prompt-for";

const ESC = "\u001b";
const BEL = "\u0007";
const settings = (overrides: Partial<PromptPingSettings> = {}): PromptPingSettings => ({
	promptPingBell: true,
	promptPingDesktop: "off",
	promptPingDelaySeconds: 15,
	...overrides,
});

describe("pingSequence", () => {
	it.each<[string, Partial<PromptPingSettings>, string]>([
		["the bell alone", {}, BEL],
		["OSC 9 after the bell", { promptPingDesktop: "osc9" }, `${BEL}${ESC}]9;Pi waits${BEL}`],
		["OSC 777 after the bell", { promptPingDesktop: "osc777" }, `${BEL}${ESC}]777;notify;Pi;Pi waits${BEL}`],
		["OSC 9 without the bell", { promptPingBell: false, promptPingDesktop: "osc9" }, `${ESC}]9;Pi waits${BEL}`],
		["nothing when both are off", { promptPingBell: false }, ""],
	])("writes %s", (_name, overrides, expected) => {
		expect(pingSequence(settings(overrides), "Pi", "Pi waits")).toBe(expected);
	});

	it("never lets the text end the sequence early or add an OSC 777 field", () => {
		const out = pingSequence(
			settings({ promptPingBell: false, promptPingDesktop: "osc777" }),
			"a;b",
			`x${BEL}${ESC}]0;evil;y`,
		);
		expect(out).toBe(`${ESC}]777;notify;a,b;x  ]0,evil,y${BEL}`);
	});
});

describe("PromptPing", () => {
	const fakeTimers = () => {
		const pending = new Map<number, { run: () => void; ms: number }>();
		let next = 0;
		return {
			pending,
			timers: {
				set: (run: () => void, ms: number) => {
					next += 1;
					pending.set(next, { run, ms });
					return next;
				},
				clear: (handle: unknown) => pending.delete(handle as number),
			},
			fire: () => {
				for (const [id, entry] of [...pending]) {
					pending.delete(id);
					entry.run();
				}
			},
		};
	};

	it("writes once after the configured delay when no key arrives", () => {
		const clock = fakeTimers();
		const written: string[] = [];
		PromptPing.arm(settings({ promptPingDelaySeconds: 7 }), (data) => written.push(data), clock.timers, {
			title: "Pi",
			body: "b",
		});
		expect([...clock.pending.values()].map((entry) => entry.ms)).toEqual([7000]);
		clock.fire();
		expect(written).toEqual([BEL]);
	});

	it("writes nothing once a key arrived", () => {
		const clock = fakeTimers();
		const written: string[] = [];
		const ping = PromptPing.arm(settings(), (data) => written.push(data), clock.timers, { title: "Pi", body: "b" });
		ping.stop();
		clock.fire();
		expect(written).toEqual([]);
	});

	it("arms nothing when the bell and the desktop notification are off", () => {
		const clock = fakeTimers();
		PromptPing.arm(settings({ promptPingBell: false }), () => undefined, clock.timers, { title: "Pi", body: "b" });
		expect(clock.pending.size).toBe(0);
	});
});

describe("the ping of the TUI dialog (ADR 0033)", () => {
	afterEach(() => vi.useRealTimers());

	const payload = buildToolAskPayload({
		requester: { agentName: null, sessionId: "s1", subagent: false },
		matchedPattern: null,
		ruleOrigin: null,
		sessionSuggestion: null,
		toolName: "deploy",
		value: "deploy",
		input: {},
	});

	function tuiWith(written: string[]) {
		let component: Component | null = null;
		const ui = {
			custom: <T>(
				factory: (tui: TUI, theme: Theme, keys: KeybindingsManager, done: (result: T) => void) => Component,
			) =>
				new Promise<T>((resolve) => {
					const tui = { requestRender: () => undefined, terminal: { write: (data: string) => written.push(data) } };
					const theme = { fg: (_c: string, text: string) => text, bold: (text: string) => text };
					component = factory(
						tui as unknown as TUI,
						theme as unknown as Theme,
						{ matches: () => false } as unknown as KeybindingsManager,
						resolve,
					);
					component.render(100);
				}),
		} as unknown as ExtensionUIContext;
		return { ui, key: (data: string) => component?.handleInput?.(data) };
	}

	const dialogSettings = {
		promptMaxRows: 24,
		promptFieldMaxWidth: 160,
		timeoutMs: 600_000,
	};
	const details = {
		requestId: "r",
		payload,
		access: { surface: "deploy", matchValues: ["deploy"], boundaryValue: null },
		agentName: null,
		forwarding: null,
	};

	it("rings and notifies when the dialog waited the delay without a key, then still takes the answer", async () => {
		vi.useFakeTimers();
		const written: string[] = [];
		const { ui, key } = tuiWith(written);
		const ping = settings({ promptPingDesktop: "osc777", promptPingDelaySeconds: 5 });
		const answer = new TuiUserPrompt(ui, () => ({ ...dialogSettings, ping }), systemClock).ask(details, ["once"]);
		vi.advanceTimersByTime(4_999);
		expect(written).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(written).toEqual([`${BEL}${ESC}]777;notify;Pi;pi-permissions is waiting for a permission decision${BEL}`]);
		key("\x1b");
		expect(await answer).toMatchObject({ answer: "deny" });
	});

	it("stays silent when a key arrives before the delay", async () => {
		vi.useFakeTimers();
		const written: string[] = [];
		const { ui, key } = tuiWith(written);
		const answer = new TuiUserPrompt(ui, () => ({ ...dialogSettings, ping: settings() }), systemClock).ask(details, [
			"once",
		]);
		key("j");
		vi.advanceTimersByTime(60_000);
		key("\x1b");
		await answer;
		expect(written).toEqual([]);
	});

	it("is never armed in RPC mode, which gets the select fallback", () => {
		const prompt = userPromptFor({
			mode: "rpc",
			ui: {} as ExtensionUIContext,
			settings: () => ({ ...dialogSettings, ping: settings() }),
			clock: systemClock,
			announce: undefined,
		});
		expect(prompt).not.toBeInstanceOf(TuiUserPrompt);
	});
});

describe("the ping's config keys", () => {
	it("default to the bell after 15 seconds and no desktop notification", () => {
		expect([
			CONFIG_DEFAULTS.promptPingBell,
			CONFIG_DEFAULTS.promptPingDesktop,
			CONFIG_DEFAULTS.promptPingDelaySeconds,
		]).toEqual([true, "off", 15]);
	});

	it("accept the three desktop choices and reject any other", () => {
		for (const choice of ["off", "osc9", "osc777"]) expect(validateConfig({ promptPingDesktop: choice }).ok).toBe(true);
		const rejected = validateConfig({ promptPingDesktop: "growl", promptPingDelaySeconds: 0 });
		expect(rejected.ok).toBe(false);
	});
});
