/**
 * Owns: two REAL in-process Pi sessions on one agent dir for forwarding tests: a parent with a scripted UI and a
 * child without one, created through the SDK and announced to the parent on its bus the way a subagent extension
 * does (`subagents:child:session-created` before the child binds, `…:disposed` after).
 * Never: fakes Pi, the engine or authority; only the models and the human are scripted.
 */
import { fauxAssistantMessage, fauxText, type ToolCall } from "@earendil-works/pi-ai";
import {
	type AgentSession,
	type AgentSessionEvent,
	createEventBus,
	DefaultResourceLoader,
	type EventBusController,
	type ExtensionUIContext,
} from "@earendil-works/pi-coding-agent";
import type { DecisionFact } from "@pi-permissions/engine";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "../support/pi-sdk-fixture";
import type { Workspace } from "../support/pi-session-harness";

export interface DialogRecord {
	readonly title: string;
	readonly options: readonly string[];
}

/** Answers each `select` with the next scripted function of (title, options); dismisses when none is left. */
export type SelectAnswer = (title: string, options: readonly string[]) => string | undefined;

export interface ParentSession {
	readonly sessionId: string;
	readonly bus: EventBusController;
	readonly dialogs: readonly DialogRecord[];
	/** `permissions:ui_prompt` payloads announced on the parent's bus. */
	readonly uiPrompts: readonly unknown[];
	/** `permissions:decision` facts published on the parent's bus. */
	readonly decisions: readonly DecisionFact[];
	/** What the extension showed the parent's user through `ctx.ui.notify`. */
	readonly notices: readonly string[];
	/** Scripts the parent's human: each `select` takes the next answer. */
	answer(...answers: SelectAnswer[]): void;
	/** Runs an extension command in the parent (`/permissions yolo on`); the model is not called. */
	command(text: string): Promise<void>;
	/** Runs one parent prompt whose model makes these tool calls turn by turn. */
	prompt(turns: readonly (readonly ToolCall[])[]): Promise<readonly ToolEnd[]>;
	close(): Promise<void>;
}

export type ToolEnd = Extract<AgentSessionEvent, { type: "tool_execution_end" }>;

/**
 * A parent session with a UI, bound (so serving has started) and idle. `setEnv` stands in for the process environment
 * the serving session publishes its public answer key into (ADR 0046); without it nothing is published.
 */
export async function openParent(
	space: Workspace,
	options: { readonly setEnv?: (name: string, value: string) => void } = {},
): Promise<ParentSession> {
	const bus = createEventBus();
	const uiPrompts: unknown[] = [];
	bus.on("permissions:ui_prompt", (payload) => uiPrompts.push(payload));
	const decisions: DecisionFact[] = [];
	bus.on("permissions:decision", (fact) => decisions.push(fact as DecisionFact));
	const dialogs: DialogRecord[] = [];
	const answers: SelectAnswer[] = [];
	const notices: string[] = [];
	const { session, faux } = await sdkSession(space, bus, options.setEnv);
	const ends = recordEnds(session);
	await session.bindExtensions({ mode: "rpc", uiContext: scriptedUi(dialogs, answers, notices) });
	return {
		sessionId: session.sessionManager.getSessionId(),
		bus,
		dialogs,
		uiPrompts,
		decisions,
		notices,
		answer: (...next) => {
			answers.push(...next);
		},
		command: (text) => session.prompt(text),
		prompt: async (turns) => {
			const start = ends.length;
			faux.setResponses(steps(turns));
			await session.prompt("go");
			return ends.slice(start);
		},
		close: () => shutdown(session),
	};
}

export interface ChildRun {
	readonly sessionId: string;
	readonly ends: readonly ToolEnd[];
}

/**
 * Creates a child session through the SDK, announces it on the parent's bus with `parentSessionId` (which need not be
 * serving), runs one prompt whose model makes these tool calls, then disposes it and announces the disposal. With
 * `agent`, the child runs as that agent (an `active_agent` session entry written before it binds).
 */
export async function runChild(
	space: Workspace,
	parentBus: EventBusController,
	parentSessionId: string,
	turns: readonly (readonly ToolCall[])[],
	agent?: string,
): Promise<ChildRun> {
	const { session, faux } = await sdkSession(space, createEventBus());
	const sessionId = session.sessionManager.getSessionId();
	if (agent !== undefined) session.sessionManager.appendCustomEntry("active_agent", { name: agent });
	const ends = recordEnds(session);
	parentBus.emit("subagents:child:session-created", { sessionId, parentSessionId, agentName: agent });
	try {
		await session.bindExtensions({ mode: "print" });
		parentBus.emit("subagents:child:bound", { sessionId, parentSessionId, agentName: agent });
		faux.setResponses(steps(turns));
		await session.prompt("go");
	} finally {
		await shutdown(session);
		parentBus.emit("subagents:child:disposed", { sessionId });
	}
	return { sessionId, ends };
}

/**
 * A child the way a spawner without pi-permissions in the child makes it: announced (`session-created`, `bound`,
 * `disposed`) on the parent's bus, its extensions bound, but no pi-permissions loaded in it; it runs one bash call.
 */
export async function runUngatedChild(
	space: Workspace,
	parentBus: EventBusController,
	parentSessionId: string,
	turns: readonly (readonly ToolCall[])[],
	agent?: string,
): Promise<ChildRun> {
	const { faux, modelRuntime } = await fauxRuntime();
	const settingsManager = quietSettings();
	const resourceLoader = new DefaultResourceLoader({
		cwd: space.cwd,
		agentDir: space.agentDir,
		settingsManager,
		eventBus: createEventBus(),
		extensionFactories: [],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await resourceLoader.reload();
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager });
	const sessionId = session.sessionManager.getSessionId();
	const ends = recordEnds(session);
	parentBus.emit("subagents:child:session-created", { sessionId, parentSessionId, agentName: agent });
	try {
		await session.bindExtensions({ mode: "print" });
		parentBus.emit("subagents:child:bound", { sessionId, parentSessionId, agentName: agent });
		faux.setResponses(steps(turns));
		await session.prompt("go");
	} finally {
		await shutdown(session);
		parentBus.emit("subagents:child:disposed", { sessionId });
	}
	return { sessionId, ends };
}

/** The text of a tool result. */
export function resultText(end: ToolEnd | undefined): string {
	const content = (end?.result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
	return content.map((block) => block.text ?? "").join("");
}

/** Picks the option whose label starts with `prefix`. */
export function choose(prefix: string): SelectAnswer {
	return (_title, options) => options.find((option) => option.startsWith(prefix));
}

async function sdkSession(space: Workspace, bus: EventBusController, setEnv?: (name: string, value: string) => void) {
	const { faux, modelRuntime } = await fauxRuntime();
	const settingsManager = quietSettings();
	const host = setEnv === undefined ? testHost(space) : { ...testHost(space), setEnv };
	const resourceLoader = await loadResources({ space, settingsManager, eventBus: bus, host });
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager });
	return { session, faux };
}

function steps(turns: readonly (readonly ToolCall[])[]) {
	return [...turns, null].map((turn) =>
		turn === null ? fauxAssistantMessage(fauxText("done")) : fauxAssistantMessage([...turn], { stopReason: "toolUse" }),
	);
}

function recordEnds(session: AgentSession): ToolEnd[] {
	const ends: ToolEnd[] = [];
	session.subscribe((event) => {
		if (event.type === "tool_execution_end") ends.push(event);
	});
	return ends;
}

async function shutdown(session: AgentSession): Promise<void> {
	await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
	session.dispose();
}

function scriptedUi(dialogs: DialogRecord[], answers: SelectAnswer[], notices: string[]): ExtensionUIContext {
	const ui = {
		select: async (title: string, options: string[]) => {
			dialogs.push({ title, options });
			return answers.shift()?.(title, options);
		},
		input: async () => undefined,
		confirm: async () => false,
		editor: async () => undefined,
		notify: (message: string) => {
			notices.push(message);
		},
		setStatus: () => undefined,
		setWidget: () => undefined,
		setTitle: () => undefined,
	};
	// A scripted human needs only the dialog methods; Pi's full UI surface is not exercised here.
	return ui as unknown as ExtensionUIContext;
}
