/**
 * Owns: one REAL Pi session created through the SDK: a faux model runtime the demo scripts, the resource loader with
 * pi-permissions' extension factory, its own event bus, and the agent session; running one scripted turn sequence and
 * recording what Pi and pi-permissions did into the step record.
 * Never: fakes Pi or pi-permissions: only the model (the faux provider) and the human (the UI context) are scripted.
 */
import {
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxToolCall,
	InMemoryCredentialStore,
	type ToolCall,
} from "@earendil-works/pi-ai";
import {
	type AgentSession,
	createAgentSession,
	createEventBus,
	DefaultResourceLoader,
	type EventBus,
	type ExtensionFactory,
	type ExtensionUIContext,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { type DecisionFact, PERMISSIONS_DECISION_CHANNEL } from "@pi-permissions/pi-extension";
import type { DemoCall, DemoCallInput, StepActor } from "./demo-steps";
import type { DemoWorkspace } from "./demo-workspace";
import type { StepRecord } from "./step-record";

interface DemoSessionOptions {
	readonly space: DemoWorkspace;
	readonly actor: StepActor;
	/** pi-permissions' extension factory (the package's default export). */
	readonly extension: ExtensionFactory;
	readonly record: StepRecord;
	/** The human behind `ctx.ui`; `null` for a session without UI (a subagent). */
	readonly ui: ExtensionUIContext | null;
	/** Called with the new session's id after it is created and before its extensions bind (and `session_start`). */
	readonly beforeBind?: (sessionId: string) => void;
}

export class DemoSession {
	private constructor(
		private readonly session: AgentSession,
		private readonly faux: ReturnType<typeof fauxProvider>,
		private readonly record: StepRecord,
		readonly actor: StepActor,
		readonly events: EventBus,
		readonly sessionId: string,
	) {}

	/** Creates the session, loads pi-permissions, and binds it (which starts it). Rejects on a load error. */
	static async open(options: DemoSessionOptions): Promise<DemoSession> {
		const { space, actor, record } = options;
		const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
		const modelRuntime = await ModelRuntime.create({
			credentials: new InMemoryCredentialStore(),
			modelsPath: null,
			refreshOnCreate: false,
		});
		modelRuntime.registerNativeProvider(faux.provider);
		const settingsManager = SettingsManager.inMemory({ retry: { enabled: false }, compaction: { enabled: false } });
		const events = createEventBus();
		events.on(PERMISSIONS_DECISION_CHANNEL, (fact) => {
			// The channel carries pi-permissions' published `DecisionFact`; the verdict reads only its documented fields.
			record.add({ kind: "decision", source: actor, fact: fact as DecisionFact });
		});
		const resourceLoader = new DefaultResourceLoader({
			cwd: space.cwd,
			agentDir: space.agentDir,
			settingsManager,
			eventBus: events,
			extensionFactories: [options.extension],
			noSkills: true,
			noPromptTemplates: true,
			noThemes: true,
			noContextFiles: true,
		});
		await resourceLoader.reload();
		const loadErrors = resourceLoader.getExtensions().errors;
		if (loadErrors.length > 0) throw new Error(`pi-permissions failed to load: ${JSON.stringify(loadErrors)}`);
		const { session } = await createAgentSession({
			cwd: space.cwd,
			agentDir: space.agentDir,
			modelRuntime,
			model: faux.getModel(),
			thinkingLevel: "off",
			tools: ["bash", "read"],
			resourceLoader,
			settingsManager,
			sessionManager: SessionManager.inMemory(space.cwd),
		});
		session.subscribe((event) => {
			if (event.type !== "tool_execution_end") return;
			const text = resultText(event.result);
			record.add({ kind: "result", source: actor, toolCallId: event.toolCallId, isError: event.isError, text });
		});
		const sessionId = session.sessionManager.getSessionId();
		options.beforeBind?.(sessionId);
		await session.bindExtensions(options.ui === null ? { mode: "print" } : { mode: "rpc", uiContext: options.ui });
		return new DemoSession(session, faux, record, actor, events, sessionId);
	}

	/**
	 * Sends one user prompt; the scripted model says `narration`, makes `calls` one per turn, then finishes. Each call
	 * is recorded when the model makes it. Resolves when Pi has settled.
	 */
	async run(prompt: string, narration: string, calls: readonly DemoCall[]): Promise<void> {
		const turns: FauxResponseStep[] = calls.map((call, index) => () => {
			this.record.add({ kind: "call", source: this.actor, toolCallId: call.id, text: describeCall(call.call) });
			const toolCall = toFauxCall(call);
			return fauxAssistantMessage(index === 0 ? [fauxText(narration), toolCall] : [toolCall], {
				stopReason: "toolUse",
			});
		});
		this.faux.setResponses([...turns, fauxAssistantMessage(fauxText("Done."))]);
		await this.session.prompt(prompt);
	}

	/** Emits `session_shutdown` (the SDK's dispose does not) and disposes the session. Never rejects. */
	async close(): Promise<void> {
		try {
			await this.session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		} catch {
			// Shutting down is best effort; the process ends right after.
		}
		this.session.dispose();
	}
}

function toFauxCall(call: DemoCall): ToolCall {
	const input = call.call;
	switch (input.tool) {
		case "bash":
			return fauxToolCall("bash", { command: input.command }, { id: call.id });
		case "read":
			return fauxToolCall("read", { path: input.path }, { id: call.id });
		default: {
			const unhandled: never = input;
			throw new Error(`unhandled demo tool ${String(unhandled)}`);
		}
	}
}

/** How a call reads in the demo's output: the tool and its one argument. */
function describeCall(input: DemoCallInput): string {
	switch (input.tool) {
		case "bash":
			return `bash  ${input.command}`;
		case "read":
			return `read  ${input.path}`;
		default: {
			const unhandled: never = input;
			throw new Error(`unhandled demo tool ${String(unhandled)}`);
		}
	}
}

function resultText(result: unknown): string {
	if (typeof result !== "object" || result === null || !("content" in result)) return "";
	const { content } = result;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: unknown) =>
			typeof block === "object" && block !== null && "text" in block && typeof block.text === "string"
				? block.text
				: "",
		)
		.join("");
}
