/**
 * Owns: one real in-process Pi session (SDK, faux model, pi-permissions loaded through the resource loader) that the
 * bench drives by emitting `before_agent_start` and `tool_call` through Pi's own `ExtensionRunner`.
 * Never: calls the extension's handlers directly or fakes Pi; a blocked call throws, since every bench case must be
 * allowed.
 */
import {
	type AgentSession,
	createEventBus,
	DefaultResourceLoader,
	type ExtensionFactory,
	type ToolCallEvent,
} from "@earendil-works/pi-coding-agent";
import { createPermissionsExtension } from "../src/create-permissions-extension";
import { createTestSession, fauxRuntime, quietSettings, testHost } from "../test/support/pi-sdk-fixture";
import type { BenchCase } from "./bench-cases";
import type { BenchWorkspace } from "./bench-workspace";

export class PiBenchSession {
	private calls = 0;

	private constructor(private readonly session: AgentSession) {}

	/**
	 * Loads `extension` (by default pi-permissions, seeing the workspace as its host) into a fresh Pi session and binds
	 * it (Pi emits `session_start`).
	 */
	static async open(
		space: BenchWorkspace,
		extension: ExtensionFactory = createPermissionsExtension(testHost(space)),
	): Promise<PiBenchSession> {
		const { faux, modelRuntime } = await fauxRuntime();
		const settingsManager = quietSettings();
		const resourceLoader = new DefaultResourceLoader({
			cwd: space.cwd,
			agentDir: space.agentDir,
			settingsManager,
			eventBus: createEventBus(),
			extensionFactories: [extension],
			noSkills: true,
			noPromptTemplates: true,
			noThemes: true,
			noContextFiles: true,
		});
		await resourceLoader.reload();
		const loadErrors = resourceLoader.getExtensions().errors;
		if (loadErrors.length > 0) throw new Error(`extension load errors: ${JSON.stringify(loadErrors)}`);
		const session = await createTestSession({
			space,
			faux,
			modelRuntime,
			resourceLoader,
			settingsManager,
			tools: ["bash", "read"],
		});
		await session.bindExtensions({
			onError: (error) => {
				throw new Error(`extension error in ${error.event}: ${error.error}`);
			},
		});
		return new PiBenchSession(session);
	}

	get sessionId(): string {
		return this.session.sessionId;
	}

	/** The names of every tool Pi offers (what the adapter hands the engine as the available tools). */
	get toolNames(): readonly string[] {
		return this.session.getAllTools().map((tool) => tool.name);
	}

	/** Emits `before_agent_start` as Pi does before a run, with the session's base prompt options. */
	async beforeAgentStart(): Promise<void> {
		const runner = this.session.extensionRunner;
		const options = runner.createCommandContext().getSystemPromptOptions();
		await runner.emitBeforeAgentStart({ messageType: "user", prompt: "run the bench" }, options);
	}

	/** Emits one `tool_call` for `benchCase` through Pi's runner; rejects when the call is not allowed. */
	async toolCall(benchCase: BenchCase): Promise<void> {
		this.calls += 1;
		const event: ToolCallEvent = {
			type: "tool_call",
			toolName: benchCase.toolName,
			toolCallId: `bench-${this.calls}`,
			input: { ...benchCase.input },
		};
		const result = await this.session.extensionRunner.emitToolCall(event);
		if (result?.block === true) throw new Error(`${benchCase.label} was blocked: ${result.reason ?? ""}`);
	}

	/** Pi's own dispatch floor: an extension whose `tool_call` handler does nothing. */
	static openWithEmptyHandler(space: BenchWorkspace): Promise<PiBenchSession> {
		return PiBenchSession.open(space, (pi) => {
			pi.on("tool_call", async () => undefined);
		});
	}

	/** Emits `session_shutdown` (dispose alone does not) and disposes the session. */
	async close(): Promise<void> {
		await this.session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		this.session.dispose();
	}
}
