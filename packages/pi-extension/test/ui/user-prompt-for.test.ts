import type { ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import type { Component, TUI } from "@earendil-works/pi-tui";
import type { AskDetails } from "@pi-permissions/authority";
import { buildToolAskPayload, projectUiPrompt, type UiPromptEvent } from "@pi-permissions/presentation";
import { describe, expect, it } from "vitest";
import { AnnouncedUserPrompt, UI_PROMPT_EVENT, uiPromptEventSink } from "../../src/ui/announced-user-prompt";
import { DIALOG_TIMING } from "../../src/ui/typing-guard";
import { userPromptFor } from "../../src/ui/user-prompt-for";
import { ManualClock } from "../support/manual-clock";

const details: AskDetails = {
	requestId: "req-7",
	payload: buildToolAskPayload({
		requester: { agentName: null, sessionId: "s1", subagent: false },
		matchedPattern: null,
		ruleOrigin: null,
		sessionSuggestion: "deploy",
		toolName: "deploy",
		value: "deploy",
		input: { target: "prod" },
	}),
	access: { surface: "deploy", matchValues: ["deploy"], boundaryValue: null },
	agentName: null,
	forwarding: null,
};

const clock = new ManualClock();

/** A UI offering both the inline dialog (answers esc, after a pause) and the fallback (picks "Yes"); it records what was used. */
function hostUi(journal: string[]): ExtensionUIContext {
	const ui = {
		custom: <T>(factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: (result: T) => void) => Component) =>
			new Promise<T>((resolve) => {
				journal.push("custom");
				const theme = { fg: (_c: string, t: string) => t, bold: (t: string) => t } as unknown as Theme;
				const kb = { matches: () => false } as unknown as KeybindingsManager;
				const dialog = factory({ requestRender: () => undefined } as unknown as TUI, theme, kb, resolve);
				dialog.render(100);
				clock.advance(DIALOG_TIMING.typingPauseMs);
				dialog.handleInput?.("\x1b");
			}),
		select: async (_title: string, options: string[]) => {
			journal.push("select");
			return options[0];
		},
		input: async () => undefined,
	};
	return ui as unknown as ExtensionUIContext;
}

const settings = () => ({ promptMaxRows: 24, promptFieldMaxWidth: 160, timeoutMs: 1000 });

describe("userPromptFor", () => {
	it.each([
		["tui", "custom", { answer: "deny", reason: null, via: "dialog" }],
		["rpc", "select", { answer: "allow", scope: "once", via: "select" }],
		[undefined, "select", { answer: "allow", scope: "once", via: "select" }],
	] as const)("in mode %s asks through %s", async (mode, used, answer) => {
		const journal: string[] = [];
		const prompt = userPromptFor({ mode, ui: hostUi(journal), settings, clock, announce: undefined });
		expect(await prompt.ask(details, ["once", "requester-session"])).toEqual(answer);
		expect(journal).toEqual([used]);
	});

	it.each(["tui", "rpc"] as const)(
		"in mode %s announces the ask once, right before the human sees it",
		async (mode) => {
			const journal: string[] = [];
			const announced: UiPromptEvent[] = [];
			const prompt = userPromptFor({
				mode,
				ui: hostUi(journal),
				settings,
				clock,
				announce: {
					emit: (event) => {
						journal.push("ui_prompt");
						announced.push(event);
					},
				},
			});
			await prompt.ask(details, ["once", "requester-session"]);
			expect(journal[0]).toBe("ui_prompt");
			expect(journal.filter((entry) => entry === "ui_prompt")).toHaveLength(1);
			expect(announced).toEqual([projectUiPrompt(details.payload, "req-7")]);
		},
	);
});

describe("AnnouncedUserPrompt", () => {
	it("still asks the human when a listener throws", async () => {
		const inner = { ask: async () => ({ answer: "deny", reason: null, via: "select" }) as const };
		const failing = {
			emit: () => {
				throw new Error("listener bug");
			},
		};
		expect(await new AnnouncedUserPrompt(inner, failing).ask(details, ["once"])).toEqual({
			answer: "deny",
			reason: null,
			via: "select",
		});
	});

	it("publishes on Pi's bus under permissions:ui_prompt", () => {
		const seen: [string, unknown][] = [];
		uiPromptEventSink({
			emit: (channel: string, data: unknown) => seen.push([channel, data]),
			on: () => () => undefined,
		}).emit(projectUiPrompt(details.payload, "req-7"));
		expect(seen).toEqual([[UI_PROMPT_EVENT, projectUiPrompt(details.payload, "req-7")]]);
		expect(UI_PROMPT_EVENT).toBe("permissions:ui_prompt");
	});
});
