/**
 * Owns: a REAL in-process Pi session (SDK + faux provider + pi-permissions) for `/permissions`: slash commands run
 * through `session.prompt`, CLI flag values and environment are set as Pi's launcher would, asks are answered.
 * Never: fakes Pi or the engine; only the model and the human are scripted.
 */

import { type FauxResponseStep, fauxAssistantMessage, fauxText, type ToolCall } from "@earendil-works/pi-ai";
import { type AgentSessionEvent, createEventBus, type ExtensionUIContext } from "@earendil-works/pi-coding-agent";
import type { ManagedFileSystem } from "@pi-permissions/engine";
import { createTestSession, fauxRuntime, loadResources, quietSettings, testHost } from "../support/pi-sdk-fixture";
import type { Workspace } from "../support/pi-session-harness";

export interface CommandSession {
	readonly ends: readonly Extract<AgentSessionEvent, { type: "tool_execution_end" }>[];
	readonly notices: string[];
	readonly dialogs: string[];
	readonly statuses: (readonly [string, string | undefined])[];
	/** Sends `text` (a slash command runs without a model turn); the model makes these tool calls, then answers. */
	prompt(text: string, turns?: readonly (readonly ToolCall[])[]): Promise<void>;
	close(): Promise<void>;
}

export interface CommandSessionOptions {
	/** Each `select` is answered with the option starting with this prefix. */
	readonly answer: string;
	readonly flags?: Readonly<Record<string, boolean | string>>;
	readonly env?: Readonly<Record<string, string>>;
	/** The system managed file the host names (ADR 0060) and, optionally, the edge reading its owner and mode. */
	readonly managed?: { readonly file: string; readonly fileSystem?: ManagedFileSystem };
}

export async function openCommandSession(space: Workspace, options: CommandSessionOptions): Promise<CommandSession> {
	const { faux, modelRuntime } = await fauxRuntime();
	const settingsManager = quietSettings();
	const managed = options.managed;
	const host = {
		...testHost(space, options.env),
		...(managed === undefined ? {} : { managedPolicyFile: managed.file }),
	};
	const edges = managed?.fileSystem === undefined ? {} : { managedFileSystem: managed.fileSystem };
	const resourceLoader = await loadResources({ space, settingsManager, eventBus: createEventBus(), host, edges });
	// As Pi's CLI does for `--permissions-yolo`: the parsed flag lands in the runtime's flag values before start.
	for (const [name, value] of Object.entries(options.flags ?? {})) {
		resourceLoader.getExtensions().runtime.flagValues.set(name, value);
	}
	const session = await createTestSession({ space, faux, modelRuntime, resourceLoader, settingsManager });
	const ends: Extract<AgentSessionEvent, { type: "tool_execution_end" }>[] = [];
	session.subscribe((event) => {
		if (event.type === "tool_execution_end") ends.push(event);
	});
	const notices: string[] = [];
	const dialogs: string[] = [];
	const statuses: (readonly [string, string | undefined])[] = [];
	const ui = {
		select: async (title: string, choices: string[]) => {
			dialogs.push(title);
			return choices.find((choice) => choice.startsWith(options.answer));
		},
		input: async () => undefined,
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
	await session.bindExtensions({ mode: "rpc", uiContext: ui as unknown as ExtensionUIContext });
	return {
		ends,
		notices,
		dialogs,
		statuses,
		prompt: async (text, turns = []) => {
			const steps: FauxResponseStep[] = [...turns, null].map((turn) =>
				turn === null
					? fauxAssistantMessage(fauxText("done"))
					: fauxAssistantMessage([...turn], { stopReason: "toolUse" }),
			);
			faux.setResponses(steps);
			await session.prompt(text);
		},
		close: async () => {
			await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
			session.dispose();
		},
	};
}
