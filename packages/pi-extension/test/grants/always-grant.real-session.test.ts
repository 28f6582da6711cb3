import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionContext, ExtensionUIContext, KeybindingsManager, Theme } from "@earendil-works/pi-coding-agent";
import type { Component, TUI } from "@earendil-works/pi-tui";
import { BashParser } from "@pi-permissions/access-intent";
import {
	ConfigLoader,
	createNodeConfigFileSystem,
	createNodeGrantFileSystem,
	type DecisionFact,
	type ToolCall,
} from "@pi-permissions/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { PermissionSession } from "../../src/permission-session";
import { BashParserLoader } from "../../src/session/bash-parser-loader";
import { DIALOG_TIMING } from "../../src/ui/typing-guard";
import { realEdges } from "../support/extension-state-fixture";
import { ManualClock } from "../support/manual-clock";
import { type Workspace, workspace } from "../support/pi-session-harness";

/**
 * ADR 0032 in a composed permission session over real files: which asks offer "Always, in this project" and
 * "Always, everywhere" (never the never-suggest families, floors or protected targets), what an "always" answer
 * writes (the TUI dialog and the RPC select fallback alike), and that without a UI nothing is written.
 */
let parser: BashParser;
beforeAll(async () => {
	parser = await BashParser.load();
});

// `write` allows, so a bash redirect into a protected target meets only the protected-target gate's ask.
const CONFIG = {
	permission: { "*": "allow", bash: { "*": "ask", "echo *": "allow", "rm -rf *": "deny" }, write: "allow" },
};

interface Human {
	/** Raw keys for each dialog (each after a pause), or an option prefix for each select. */
	readonly answers: (string | readonly string[])[];
	/** Every dialog's choice rows and every select's options, in order. */
	readonly shown: string[][];
}

/** The sessions' clock: the human's pauses move it, so the dialog sees deliberate keys (ADR 0049). */
const clock = new ManualClock();

function uiFor(human: Human): ExtensionUIContext {
	const ui = {
		custom: <T>(factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: (result: T) => void) => Component) =>
			new Promise<T>((resolve) => {
				const theme = { fg: (_c: string, t: string) => t, bold: (t: string) => t } as unknown as Theme;
				const kb = { matches: () => false } as unknown as KeybindingsManager;
				const component = factory({ requestRender: () => undefined } as unknown as TUI, theme, kb, resolve);
				human.shown.push(component.render(200).filter((row) => /\[[a-z]\] /u.test(row)));
				for (const key of human.answers.shift() ?? ["\x1b"]) {
					clock.advance(DIALOG_TIMING.typingPauseMs);
					component.handleInput?.(key);
				}
				clock.advance(DIALOG_TIMING.settleMs);
			}),
		select: async (_title: string, options: string[]) => {
			human.shown.push(options);
			const prefix = human.answers.shift();
			return typeof prefix === "string" ? options.find((option) => option.startsWith(prefix)) : undefined;
		},
		input: async () => undefined,
		notify: () => undefined,
	};
	return ui as unknown as ExtensionUIContext;
}

function projectFile(space: Workspace): string {
	return join(space.cwd, ".pi", "extensions", "pi-permissions", "config.json");
}

function globalFile(space: Workspace): string {
	return join(space.agentDir, "extensions", "pi-permissions", "config.json");
}

async function openSession(space: Workspace, mode: ExtensionContext["mode"], human: Human | null) {
	const decisions: DecisionFact[] = [];
	const session = await PermissionSession.open(
		{
			host: { flavor: "posix", home: space.home, env: {}, pid: process.pid, launchCwd: space.cwd },
			agentDir: space.agentDir,
			loader: new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" }),
			sink: { emit: (fact) => decisions.push(fact) },
			edges: { ...realEdges(), clock, grantFs: createNodeGrantFileSystem() },
		},
		{
			sessionId: "s-always",
			cwd: space.cwd,
			sessionDir: null,
			hasUI: human !== null,
			mode,
			isProjectTrusted: () => true,
			ui: human === null ? ({} as ExtensionUIContext) : uiFor(human),
		},
		new BashParserLoader(() => Promise.resolve(parser)),
	);
	await session.gate.warm();
	let calls = 0;
	const run = (toolName: string, input: Record<string, unknown>) => {
		calls += 1;
		const call: ToolCall = { toolName, input, agentName: null, toolCallId: `call_${calls}` };
		return session.gate.run(call, () => ["bash", "write"]);
	};
	return { session, run, decisions };
}

const ALWAYS = /\[[ag]\] Always/u;

describe("the always choices (ADR 0032)", () => {
	it("are offered, with pattern and file, for an ask that has a session suggestion", async () => {
		const space = workspace({}, CONFIG);
		const human: Human = { answers: ["\x1b"], shown: [] };
		const { session, run } = await openSession(space, "tui", human);
		try {
			expect((await run("bash", { command: "npm test" })).kind).toBe("block");
			expect(human.shown[0]).toEqual([
				"  [y] Yes, once",
				expect.stringContaining("  [s] Yes, for this session"),
				'  [a] Always, in this project ("npm test *" → .pi/extensions/pi-permissions/config.json)',
				'  [g] Always, everywhere ("npm test *" → ~/../agent/extensions/pi-permissions/config.json)'.replace(
					"~/../agent",
					join(space.agentDir),
				),
				"  [n] No",
				"  [r] No, with a reason",
			]);
		} finally {
			await session.close();
		}
	});

	it.each([
		["a shell with -c", "bash -c 'ls'"],
		["sh -c", 'sh -c "echo hi"'],
		["an interpreter with inline code", "python3 -c 'print(1)'"],
		["node -e", "node -e '1'"],
		["sudo", "sudo ls"],
		["env", "env FOO=1 ls"],
		["xargs", "xargs rm"],
		["eval", "eval ls"],
		["a dynamic command name", "$CMD x"],
		["a substitution as the name", "$(echo ls) x"],
		["unparseable text", "ls ("],
		["a protected target", "echo x > .pi/extensions/pi-permissions/config.json"],
	])("are never offered for %s (`%s`)", async (_name, command) => {
		const space = workspace({}, CONFIG);
		const human: Human = { answers: [], shown: [] };
		const { session, run } = await openSession(space, "tui", human);
		try {
			expect((await run("bash", { command })).kind).toBe("block");
			expect(human.shown.length).toBeGreaterThan(0);
			for (const rows of human.shown)
				expect(
					rows.filter((row) => ALWAYS.test(row)),
					JSON.stringify(human.shown),
				).toEqual([]);
			expect(existsSync(projectFile(space))).toBe(false);
		} finally {
			await session.close();
		}
	});

	it("are never offered for a write to a protected target with the write tool", async () => {
		const space = workspace({}, CONFIG);
		const human: Human = { answers: [], shown: [] };
		const { session, run } = await openSession(space, "tui", human);
		try {
			const target = join(space.cwd, ".git", "config");
			expect((await run("write", { path: target, content: "x" })).kind).toBe("block");
			for (const rows of human.shown) expect(rows.filter((row) => ALWAYS.test(row))).toEqual([]);
		} finally {
			await session.close();
		}
	});

	it.each([
		["tui", ["a", "\r", "\r"], "project"],
		["tui", ["g", "\r", "\r"], "global"],
		["rpc", "Always, in this project", "project"],
		["rpc", "Always, everywhere", "global"],
	] as const)("in mode %s, %j writes the %s file and the next call is not asked", async (mode, answer, scope) => {
		const space = workspace({}, CONFIG);
		const human: Human = { answers: [answer], shown: [] };
		const { session, run, decisions } = await openSession(space, mode, human);
		try {
			expect((await run("bash", { command: "npm test" })).kind).toBe("allow");
			const file = scope === "project" ? projectFile(space) : globalFile(space);
			// The global file is one line of JSON: the marker is a block comment there.
			expect(readFileSync(file, "utf8")).toMatch(/"npm test \*": "allow",? (\/\/|\/\*) pi-permissions grant, added /u);
			expect(await session.grants.persisted()).toMatchObject([{ scope, surface: "bash", pattern: "npm test *" }]);
			expect((await run("bash", { command: "npm test -- --watch" })).kind).toBe("allow");
			expect(human.shown).toHaveLength(1);
			expect(decisions.at(-1)?.decidedBy).toMatch(
				new RegExp(`^persisted-grant:${scope}-[0-9a-f]{8} ${file}:\\d+$`, "u"),
			);
			// The law holds for the written grant: the deny still denies.
			expect((await run("bash", { command: "rm -rf x" })).kind).toBe("block");
			const [grant] = await session.grants.persisted();
			const forgot = await session.grants.forgetPersisted(grant?.id ?? "");
			expect(forgot.ok).toBe(true);
			expect(await session.grants.persisted()).toEqual([]);
		} finally {
			await session.close();
		}
	});

	it("writes nothing without a UI (print and JSON modes): the ask is denied as unavailable", async () => {
		const space = workspace({}, CONFIG);
		const { session, run, decisions } = await openSession(space, "print" as ExtensionContext["mode"], null);
		try {
			expect((await run("bash", { command: "npm test" })).kind).toBe("block");
			expect(decisions.at(-1)).toMatchObject({ resolution: "confirmation_unavailable" });
			expect(existsSync(projectFile(space))).toBe(false);
			expect(readFileSync(globalFile(space), "utf8")).toBe(JSON.stringify(CONFIG));
		} finally {
			await session.close();
		}
	});

	it("applies in another running session at its next config check, without /reload", async () => {
		const space = workspace({}, CONFIG);
		const writer: Human = { answers: [["a", "\r", "\r"]], shown: [] };
		const other: Human = { answers: ["\x1b"], shown: [] };
		const a = await openSession(space, "tui", writer);
		const b = await openSession(space, "tui", other);
		try {
			expect(await b.session.policies.refreshIfChanged()).toBe(false);
			expect((await a.run("bash", { command: "npm test" })).kind).toBe("allow");
			// Before its config check the other session still asks (and is denied here by escape).
			expect((await b.run("bash", { command: "npm test" })).kind).toBe("block");
			expect(await b.session.policies.refreshIfChanged()).toBe(true);
			expect((await b.run("bash", { command: "npm test" })).kind).toBe("allow");
			expect(other.shown).toHaveLength(1);
			expect(b.decisions.at(-1)?.decidedBy).toMatch(/^persisted-grant:project-[0-9a-f]{8} /u);
		} finally {
			await a.session.close();
			await b.session.close();
		}
	});
});
