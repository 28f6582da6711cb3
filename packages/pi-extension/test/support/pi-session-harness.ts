/**
 * Owns: running a REAL in-process Pi session (SDK + faux provider) with the permissions extension loaded: a fresh
 * temporary agent dir, home and cwd with real files, a scripted model, an optional scripted UI, and the record of
 * what Pi did (tool results, tools offered to the model, dialogs shown, decisions on the bus).
 * Never: fakes Pi or the engine; only the model and the human are scripted.
 */

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxText,
	type Message,
	type ToolCall,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import {
	type AgentSessionEvent,
	createEventBus,
	type ExtensionFactory,
	type ExtensionUIContext,
} from "@earendil-works/pi-coding-agent";
import type { DecisionFact } from "@pi-permissions/engine";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "./pi-sdk-fixture";

export interface Workspace {
	readonly cwd: string;
	readonly agentDir: string;
	readonly home: string;
}

/** A fresh cwd holding `files`, and a fresh agent dir whose global config is `config` (when given). */
export function workspace(files: Readonly<Record<string, string>>, config?: unknown): Workspace {
	const root = mkdtempSync(join(tmpdir(), "pp-e2e-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	const home = join(root, "home");
	for (const dir of [cwd, agentDir, home]) mkdirSync(dir, { recursive: true });
	for (const [path, text] of Object.entries(files)) write(join(cwd, path), text);
	if (config !== undefined) {
		write(join(agentDir, "extensions", "pi-permissions", "config.json"), JSON.stringify(config));
	}
	return { cwd, agentDir, home };
}

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

/** The human: answers each `select` with the next scripted label (or a function of the options), and each `input`. */
export interface ScriptedHuman {
	readonly selects: ((title: string, options: readonly string[]) => string | undefined)[];
	readonly inputs?: (string | undefined)[];
}

export interface RunOptions {
	/** Each turn is one assistant message calling these tools; a final text answer follows. */
	readonly turns: readonly (readonly ToolCall[])[];
	/** The built-in tools Pi activates. */
	readonly tools?: readonly string[];
	/** `null`: no UI (print mode); else the scripted human behind `ctx.ui`. */
	readonly human?: ScriptedHuman | null;
	/** Extensions loaded before pi-permissions (their `tool_call` handlers run first). */
	readonly before?: readonly ExtensionFactory[];
	/** Extra environment the extension sees (subagent hints); the agent dir is always the workspace's. */
	readonly env?: Readonly<Record<string, string>>;
	/** Skill files or directories Pi loads (`additionalSkillPaths`); none by default. */
	readonly skillPaths?: readonly string[];
}

export interface DialogRecord {
	readonly kind: "select" | "input";
	readonly title: string;
	readonly options: readonly string[];
}

export interface PiRun {
	/** Every `tool_execution_end`, in order. */
	readonly ends: readonly Extract<AgentSessionEvent, { type: "tool_execution_end" }>[];
	/** The tool names declared to the model at each model request. */
	readonly offered: readonly (readonly string[])[];
	readonly dialogs: readonly DialogRecord[];
	readonly decisions: readonly DecisionFact[];
	/** `permissions:ready` payloads, in order. */
	readonly ready: readonly unknown[];
	/** What the extension showed through `ctx.ui.notify`. */
	readonly notices: readonly string[];
	/** Every `ctx.ui.setStatus` call, as `[key, text]`. */
	readonly statuses: readonly (readonly [string, string | undefined])[];
	/** The id of the session Pi ran. */
	readonly sessionId: string;
	/** The text of the `index`-th tool result. */
	resultText(index: number): string;
}

export async function runPi(space: Workspace, options: RunOptions): Promise<PiRun> {
	const offered: string[][] = [];
	const steps: FauxResponseStep[] = [...options.turns, null].map((turn) => (context: TranscriptContext) => {
		offered.push(offeredTools(context.messages));
		return turn === null
			? fauxAssistantMessage(fauxText("done"))
			: fauxAssistantMessage([...turn], { stopReason: "toolUse" });
	});
	const { faux, modelRuntime } = await fauxRuntime();
	faux.setResponses(steps);
	const settingsManager = quietSettings();
	const eventBus = createEventBus();
	const decisions: DecisionFact[] = [];
	eventBus.on("permissions:decision", (fact) => decisions.push(fact as DecisionFact));
	const ready: unknown[] = [];
	eventBus.on("permissions:ready", (payload) => ready.push(payload));
	const host = testHost(space, options.env);
	const before = options.before ?? [];
	const skillPaths = options.skillPaths ?? [];
	const resourceLoader = await loadResources({ space, settingsManager, eventBus, host, before, skillPaths });
	const tools = options.tools ?? ["bash", "read"];
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager, tools });
	const ends: Extract<AgentSessionEvent, { type: "tool_execution_end" }>[] = [];
	session.subscribe((event) => {
		if (event.type === "tool_execution_end") ends.push(event);
	});
	const dialogs: DialogRecord[] = [];
	const notices: string[] = [];
	const statuses: [string, string | undefined][] = [];
	const human = options.human ?? null;
	await session.bindExtensions(
		human === null ? { mode: "print" } : { mode: "rpc", uiContext: scriptedUi(human, { dialogs, notices, statuses }) },
	);
	try {
		await session.prompt("go");
	} finally {
		await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		session.dispose();
	}
	return {
		ends,
		offered,
		dialogs,
		decisions,
		ready,
		notices,
		statuses,
		sessionId: session.sessionManager.getSessionId(),
		resultText: (index) => textOf(ends[index]?.result),
	};
}

function textOf(result: unknown): string {
	const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
	return content.map((block) => block.text ?? "").join("");
}

/** Replays the transcript's system messages: the tools declared to the model at this request. */
export function offeredTools(messages: readonly Message[]): string[] {
	const tools = new Set<string>();
	for (const message of messages) {
		if (message.role !== "system") continue;
		for (const tool of message.toolsAdded ?? []) tools.add(tool.name);
		for (const tool of message.toolsRemoved ?? []) tools.delete(tool.name);
	}
	return [...tools].sort();
}

interface UiRecord {
	readonly dialogs: DialogRecord[];
	readonly notices: string[];
	readonly statuses: [string, string | undefined][];
}

function scriptedUi(human: ScriptedHuman, { dialogs, notices, statuses }: UiRecord): ExtensionUIContext {
	const selects = [...human.selects];
	const inputs = [...(human.inputs ?? [])];
	const ui = {
		select: async (title: string, options: string[]) => {
			dialogs.push({ kind: "select", title, options });
			const answer = selects.shift();
			return answer === undefined ? undefined : answer(title, options);
		},
		input: async (title: string) => {
			dialogs.push({ kind: "input", title, options: [] });
			return inputs.shift();
		},
		confirm: async () => false,
		editor: async () => undefined,
		notify: (message: string) => {
			notices.push(message);
		},
		setStatus: (key: string, text: string | undefined) => {
			statuses.push([key, text]);
		},
		setWidget: () => undefined,
		setTitle: () => undefined,
	};
	// A scripted human needs only the dialog methods; Pi's full UI surface is not exercised here.
	return ui as unknown as ExtensionUIContext;
}

/** Picks the option whose label starts with `prefix`. */
export function choose(prefix: string): (title: string, options: readonly string[]) => string | undefined {
	return (_title, options) => options.find((option) => option.startsWith(prefix));
}
