import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionContext, ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import type { Component, TUI } from "@earendil-works/pi-tui";
import { BashParser } from "@pi-permissions/access-intent";
import { ConfigLoader, createNodeConfigFileSystem, type DecisionFact } from "@pi-permissions/engine";
import type { UiPromptEvent } from "@pi-permissions/presentation";
import { beforeAll, describe, expect, it } from "vitest";
import { PermissionSession } from "../../src/permission-session";
import { BashParserLoader } from "../../src/session/bash-parser-loader";
import { DIALOG_TIMING } from "../../src/ui/typing-guard";
import { realEdges } from "../support/extension-state-fixture";
import { ManualClock } from "../support/manual-clock";
import { workspace } from "../support/pi-session-harness";

let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

const CONFIG = { permission: { "*": "allow", bash: { "*": "ask", "ls *": "allow", "rm *": "deny" } } };
const TOOLS = ["bash", "read"];

interface Human {
	/** What the human does at each dialog: raw keys for the TUI (each after a pause), an option prefix for the fallback. */
	readonly answers: (string | readonly string[])[];
	readonly journal: string[];
}

/** The session's clock: the human's pauses move it, so the dialog's typing guard sees deliberate keys (ADR 0049). */
const clock = new ManualClock();

/** Pi's UI as each mode offers it; the human answers from the script, in order. */
function uiFor(human: Human): ExtensionUIContext {
	const ui = {
		custom: <T>(factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: (result: T) => void) => Component) =>
			new Promise<T>((resolve) => {
				human.journal.push("dialog");
				const theme = { fg: (_c: string, t: string) => t, bold: (t: string) => t } as unknown as Theme;
				const kb = { matches: () => false } as unknown as KeybindingsManager;
				const component = factory({ requestRender: () => undefined } as unknown as TUI, theme, kb, resolve);
				component.render(100);
				for (const key of human.answers.shift() ?? ["\x1b"]) {
					clock.advance(DIALOG_TIMING.typingPauseMs);
					component.handleInput?.(key);
				}
				clock.advance(DIALOG_TIMING.settleMs);
			}),
		select: async (_title: string, options: string[]) => {
			human.journal.push("select");
			const prefix = human.answers.shift();
			return typeof prefix === "string" ? options.find((option) => option.startsWith(prefix)) : undefined;
		},
		input: async () => undefined,
	};
	return ui as unknown as ExtensionUIContext;
}

async function openSession(mode: ExtensionContext["mode"], human: Human) {
	const space = workspace({ "a.txt": "a" }, CONFIG);
	writeFileSync(join(space.cwd, "b.txt"), "b");
	const prompts: UiPromptEvent[] = [];
	const decisions: DecisionFact[] = [];
	const session = await PermissionSession.open(
		{
			host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
			agentDir: space.agentDir,
			loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
			sink: { emit: (fact) => decisions.push(fact) },
			uiPrompts: {
				emit: (event) => {
					human.journal.push("ui_prompt");
					prompts.push(event);
				},
			},
			edges: { ...realEdges(), clock },
		},
		{
			sessionId: "s-ui",
			cwd: space.cwd,
			sessionDir: null,
			hasUI: true,
			mode,
			isProjectTrusted: () => true,
			ui: uiFor(human),
		},
		new BashParserLoader(() => Promise.resolve(parser)),
	);
	await session.gate.warm();
	let calls = 0;
	const run = (command: string) => {
		calls += 1;
		return session.gate.run({ toolName: "bash", input: { command }, toolCallId: `call_${calls}` }, () => TOOLS);
	};
	return { session, run, prompts, decisions };
}

describe("permissions:ui_prompt in a composed permission session", () => {
	it.each([
		["tui", "dialog", [["y", "\r"]]],
		["rpc", "select", ["Yes"]],
	] as const)(
		"in mode %s is emitted once per real ask, just before the %s, never for policy",
		async (mode, shown, answers) => {
			const human: Human = { answers: [...answers], journal: [] };
			const { session, run, prompts, decisions } = await openSession(mode, human);
			try {
				expect((await run("ls -la")).kind).toBe("allow");
				expect((await run("rm -rf a.txt")).kind).toBe("block");
				expect(human.journal).toEqual([]);
				expect(prompts).toEqual([]);

				expect((await run("cat a.txt")).kind).toBe("allow");
				expect(human.journal).toEqual(["ui_prompt", shown]);
				expect(prompts).toHaveLength(1);
				expect(prompts[0]).toMatchObject({ source: "tool_call", surface: "bash" });
				const asked = decisions.find((fact) => fact.toolCallId === "call_3");
				expect(prompts[0]?.requestId).toBe(asked?.requestId);
			} finally {
				await session.close();
			}
		},
	);

	it.each([
		["tui", [["s", "\r"]]],
		["rpc", ["Yes, for this session"]],
	] as const)("in mode %s is not emitted again when a session approval answers the repeat", async (mode, answers) => {
		const human: Human = { answers: [...answers], journal: [] };
		const { session, run, prompts } = await openSession(mode, human);
		try {
			expect((await run("cat a.txt")).kind).toBe("allow");
			expect((await run("cat a.txt")).kind).toBe("allow");
			expect(prompts).toHaveLength(1);
			expect(human.journal.filter((entry) => entry !== "ui_prompt")).toHaveLength(1);
		} finally {
			await session.close();
		}
	});

	it("is emitted for each of two separate asks, and a denial in the dialog blocks", async () => {
		const human: Human = {
			answers: [
				["n", "\r"],
				["y", "\r"],
			],
			journal: [],
		};
		const { session, run, prompts } = await openSession("tui", human);
		try {
			expect((await run("cat a.txt")).kind).toBe("block");
			expect((await run("cat b.txt")).kind).toBe("allow");
			expect(human.journal).toEqual(["ui_prompt", "dialog", "ui_prompt", "dialog"]);
			expect(new Set(prompts.map((event) => event.requestId)).size).toBe(2);
		} finally {
			await session.close();
		}
	});
});
