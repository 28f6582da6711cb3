/**
 * Owns: a REAL in-process Pi session (SDK) with pi-permissions and the judge loaded through their package entry
 * points, both the agent and the judge scripted with pi-ai's faux provider on one model runtime, and a scripted human.
 * Never: fakes Pi, pi-permissions or the judge; only the two models and the human are scripted.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	InMemoryCredentialStore,
	type ToolCall,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import {
	type AgentSessionEvent,
	createAgentSession,
	createEventBus,
	DefaultResourceLoader,
	type ExtensionFactory,
	type ExtensionUIContext,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { SeenCall } from "./faux-judge";

export interface JudgeWorkspace {
	readonly root: string;
	readonly cwd: string;
	readonly agentDir: string;
}

export function judgeWorkspace(permissions: unknown, judge: unknown): JudgeWorkspace {
	const root = mkdtempSync(join(tmpdir(), "mj-e2e-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	mkdirSync(cwd, { recursive: true });
	write(join(agentDir, "extensions", "pi-permissions", "config.json"), JSON.stringify(permissions));
	write(join(agentDir, "extensions", "pi-permissions", "model-judge.json"), JSON.stringify(judge));
	return { root, cwd, agentDir };
}

export function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

export interface JudgeRunOptions {
	/** The agent's turns: each one assistant message calling these tools; a final "done" follows. */
	readonly turns: readonly (readonly ToolCall[])[];
	/** The judge's replies, in order. */
	readonly judgeReplies: readonly FauxResponseStep[];
	/** Extension factories, in load order (pi-permissions and the judge, either way round). */
	readonly extensions: readonly ExtensionFactory[];
	/** The human's answer to every dialog (`undefined`: dismissed). */
	readonly answer: (options: readonly string[]) => string | undefined;
}

export interface JudgeRun {
	readonly ends: readonly Extract<AgentSessionEvent, { type: "tool_execution_end" }>[];
	readonly dialogs: readonly string[];
	readonly decisions: readonly Record<string, unknown>[];
	/** Every request the judge model received. */
	readonly judgeSeen: readonly SeenCall[];
	/** Every request the agent model received. */
	readonly agentSeen: readonly TranscriptContext[];
	resultText(index: number): string;
}

export async function runJudgedSession(space: JudgeWorkspace, options: JudgeRunOptions): Promise<JudgeRun> {
	const agent = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
	const judge = fauxProvider({ provider: "judge", models: [{ id: "judge-1" }] });
	const agentSeen: TranscriptContext[] = [];
	agent.setResponses(
		[...options.turns, null].map((turn) => (context: TranscriptContext) => {
			agentSeen.push(context);
			return turn === null
				? fauxAssistantMessage(fauxText("done"))
				: fauxAssistantMessage([...turn], { stopReason: "toolUse" });
		}),
	);
	const judgeSeen: SeenCall[] = [];
	judge.setResponses(
		options.judgeReplies.map((step) => async (context, stepOptions, state, model) => {
			judgeSeen.push({ context, options: stepOptions });
			return typeof step === "function" ? step(context, stepOptions, state, model) : step;
		}),
	);
	const modelRuntime = await ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		refreshOnCreate: false,
	});
	modelRuntime.registerNativeProvider(agent.provider);
	modelRuntime.registerNativeProvider(judge.provider);
	const settingsManager = SettingsManager.inMemory({ retry: { enabled: false }, compaction: { enabled: false } });
	const eventBus = createEventBus();
	const decisions: Record<string, unknown>[] = [];
	eventBus.on("permissions:decision", (fact) => decisions.push(fact as Record<string, unknown>));
	const resourceLoader = new DefaultResourceLoader({
		cwd: space.cwd,
		agentDir: space.agentDir,
		settingsManager,
		eventBus,
		extensionFactories: [...options.extensions],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await resourceLoader.reload();
	const errors = resourceLoader.getExtensions().errors;
	if (errors.length > 0) throw new Error(`extension load errors: ${JSON.stringify(errors)}`);
	const { session } = await createAgentSession({
		cwd: space.cwd,
		agentDir: space.agentDir,
		modelRuntime,
		model: agent.getModel(),
		thinkingLevel: "off",
		tools: ["read", "bash"],
		resourceLoader,
		settingsManager,
		sessionManager: SessionManager.inMemory(space.cwd),
	});
	const ends: Extract<AgentSessionEvent, { type: "tool_execution_end" }>[] = [];
	session.subscribe((event) => {
		if (event.type === "tool_execution_end") ends.push(event);
	});
	const dialogs: string[] = [];
	const ui = {
		select: async (title: string, choices: string[]) => {
			dialogs.push(title);
			return options.answer(choices);
		},
		input: async (title: string) => {
			dialogs.push(title);
			return undefined;
		},
		confirm: async () => false,
		editor: async () => undefined,
		notify: () => undefined,
		setStatus: () => undefined,
		setWidget: () => undefined,
		setTitle: () => undefined,
	};
	// Only the dialog methods are exercised; Pi's full UI surface is not needed here.
	await session.bindExtensions({ mode: "rpc", uiContext: ui as unknown as ExtensionUIContext });
	try {
		await session.prompt("please tidy the readme files");
	} finally {
		await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" });
		session.dispose();
	}
	return {
		ends,
		dialogs,
		decisions,
		judgeSeen,
		agentSeen,
		resultText: (index) =>
			((ends[index]?.result as { content?: { text?: string }[] } | undefined)?.content ?? [])
				.map((block) => block.text ?? "")
				.join(""),
	};
}
