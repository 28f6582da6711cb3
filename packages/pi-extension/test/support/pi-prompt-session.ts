/**
 * Owns: a REAL in-process Pi session (SDK + faux provider + pi-permissions) driven prompt by prompt, recording what
 * the provider saw at each request (the system prompt and the last user text) and what the extension told the human;
 * it can emit `resources_discover` between prompts and load skills from the workspace.
 * Never: fakes Pi or the engine; only the model and the human are scripted.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
	fauxAssistantMessage,
	fauxText,
	getCurrentSystemPrompt,
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
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "./pi-sdk-fixture";
import { offeredTools, type Workspace } from "./pi-session-harness";

export interface SessionOptions {
	/** The built-in tools Pi activates. */
	readonly tools?: readonly string[];
	/** Skills (name → description) written under the workspace and loaded by Pi. */
	readonly skills?: Readonly<Record<string, string>>;
	/** `null`: no UI (print mode); else each `select` is answered with this label prefix. */
	readonly answer?: string | null;
	/** Extensions loaded before pi-permissions (their handlers run first). */
	readonly before?: readonly ExtensionFactory[];
}

/** What the provider received at one model request. */
export interface ProviderRequest {
	readonly systemPrompt: string;
	/** The tools declared to the model at this request, sorted. */
	readonly tools: readonly string[];
	readonly lastUserText: string;
}

export interface PromptSession {
	readonly requests: readonly ProviderRequest[];
	readonly ends: readonly Extract<AgentSessionEvent, { type: "tool_execution_end" }>[];
	readonly notices: readonly string[];
	readonly dialogs: readonly string[];
	/** The `timeout` each dialog was shown with, in dialog order. */
	readonly dialogTimeouts: readonly (number | undefined)[];
	/** Sends `text` as the user; the model makes these tool calls turn by turn, then answers `done`. */
	prompt(text: string, turns?: readonly (readonly ToolCall[])[]): Promise<void>;
	/** Emits `resources_discover` the way Pi does after a reload. */
	discoverResources(): Promise<void>;
	/** Pi's own `/reload` (`AgentSession.reload`): shutdown, extensions rebuilt, `session_start`, `resources_discover`. */
	reload(): Promise<void>;
	close(): Promise<void>;
}

export async function openSession(space: Workspace, options: SessionOptions = {}): Promise<PromptSession> {
	const requests: ProviderRequest[] = [];
	const { faux, modelRuntime } = await fauxRuntime();
	const settingsManager = quietSettings();
	const skillsDir = writeSkills(space, options.skills ?? {});
	const resourceLoader = await loadResources({
		space,
		settingsManager,
		eventBus: createEventBus(),
		host: testHost(space),
		before: options.before ?? [],
		skillPaths: skillsDir === null ? [] : [skillsDir],
	});
	const tools = options.tools ?? ["bash", "read"];
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager, tools });
	const ends: Extract<AgentSessionEvent, { type: "tool_execution_end" }>[] = [];
	session.subscribe((event) => {
		if (event.type === "tool_execution_end") ends.push(event);
	});
	const notices: string[] = [];
	const dialogs: string[] = [];
	const dialogTimeouts: (number | undefined)[] = [];
	const answer = options.answer ?? null;
	const uiContext = answer === null ? null : scriptedUi(answer, notices, dialogs, dialogTimeouts);
	const bindings = uiContext === null ? { mode: "print" as const } : { mode: "rpc" as const, uiContext };
	await session.bindExtensions(bindings);
	return {
		requests,
		ends,
		notices,
		dialogs,
		dialogTimeouts,
		prompt: async (text, turns = []) => {
			faux.setResponses(
				[...turns, null].map((turn) => (context: TranscriptContext) => {
					requests.push({
						systemPrompt: getCurrentSystemPrompt(context.messages),
						tools: offeredTools(context.messages),
						lastUserText: lastUserText(context.messages),
					});
					return turn === null
						? fauxAssistantMessage(fauxText("done"))
						: fauxAssistantMessage([...turn], { stopReason: "toolUse" });
				}),
			);
			await session.prompt(text);
		},
		discoverResources: async () => {
			await session.extensionRunner.emitResourcesDiscover(space.cwd, "reload");
		},
		reload: async () => {
			await session.reload();
		},
		close: async () => {
			await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
			session.dispose();
		},
	};
}

function writeSkills(space: Workspace, skills: Readonly<Record<string, string>>): string | null {
	const names = Object.keys(skills);
	if (names.length === 0) return null;
	const root = join(space.home, "skills");
	for (const name of names) {
		mkdirSync(join(root, name), { recursive: true });
		const text = `---\nname: ${name}\ndescription: ${skills[name]}\n---\n\nSKILL BODY OF ${name}\n`;
		writeFileSync(join(root, name, "SKILL.md"), text);
	}
	return root;
}

function lastUserText(messages: readonly Message[]): string {
	for (let index = messages.length - 1; index >= 0; index -= 1) {
		const message = messages[index];
		if (message?.role !== "user") continue;
		const content = message.content;
		if (typeof content === "string") return content;
		return content.map((block) => (block.type === "text" ? block.text : "")).join("");
	}
	return "";
}

function scriptedUi(
	answer: string,
	notices: string[],
	dialogs: string[],
	timeouts: (number | undefined)[],
): ExtensionUIContext {
	const ui = {
		select: async (title: string, options: string[], dialog?: { readonly timeout?: number }) => {
			dialogs.push(title);
			timeouts.push(dialog?.timeout);
			return options.find((option) => option.startsWith(answer));
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
