/**
 * Owns: the parts of a real in-process Pi session every harness builds the same way: the faux model runtime, the
 * test host (agent dir passed in, never through `process.env`), the resource loader with pi-permissions last, and
 * the agent session itself.
 * Never: scripts the model or the human; each harness does that its own way.
 */
import { fauxProvider, InMemoryCredentialStore } from "@earendil-works/pi-ai";
import {
	type AgentSession,
	createAgentSession,
	DefaultResourceLoader,
	type EventBus,
	type ExtensionFactory,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { createPermissionsExtension, type ExtensionEdgeOverrides } from "../../src/create-permissions-extension";
import type { HostEnvironment } from "../../src/host-environment";
import type { Workspace } from "./pi-session-harness";

export type FauxProvider = ReturnType<typeof fauxProvider>;

/** A model runtime whose only provider is a fresh faux one. */
export async function fauxRuntime(): Promise<{ readonly faux: FauxProvider; readonly modelRuntime: ModelRuntime }> {
	const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
	const modelRuntime = await ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		refreshOnCreate: false,
	});
	modelRuntime.registerNativeProvider(faux.provider);
	return { faux, modelRuntime };
}

export function quietSettings(): SettingsManager {
	return SettingsManager.inMemory({ retry: { enabled: false }, compaction: { enabled: false } });
}

/** The host the extension sees: posix, the workspace's home and cwd, its agent dir in the env. */
export function testHost(space: Workspace, env: Readonly<Record<string, string>> = {}): HostEnvironment {
	return {
		flavor: "posix",
		home: space.home,
		env: { ...env, PI_CODING_AGENT_DIR: space.agentDir },
		pid: process.pid,
		launchCwd: space.cwd,
	};
}

export interface ResourceOptions {
	readonly space: Workspace;
	readonly settingsManager: SettingsManager;
	readonly eventBus: EventBus;
	readonly host: HostEnvironment;
	/** Extensions loaded before pi-permissions (a second extension, a codemode host, a listener). */
	readonly before?: readonly ExtensionFactory[];
	readonly skillPaths?: readonly string[];
	/** Edges the composition root would build (the managed file's reader, ADR 0060). */
	readonly edges?: ExtensionEdgeOverrides;
}

/** Loads the extensions (pi-permissions last) and fails the test on any load error. */
export async function loadResources(options: ResourceOptions): Promise<DefaultResourceLoader> {
	const { space } = options;
	const skillPaths = options.skillPaths ?? [];
	const resourceLoader = new DefaultResourceLoader({
		cwd: space.cwd,
		agentDir: space.agentDir,
		settingsManager: options.settingsManager,
		eventBus: options.eventBus,
		extensionFactories: [...(options.before ?? []), createPermissionsExtension(options.host, options.edges)],
		noSkills: true,
		...(skillPaths.length > 0 ? { additionalSkillPaths: [...skillPaths] } : {}),
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await resourceLoader.reload();
	const loadErrors = resourceLoader.getExtensions().errors;
	if (loadErrors.length > 0) throw new Error(`extension load errors: ${JSON.stringify(loadErrors)}`);
	return resourceLoader;
}

export interface SessionOptions {
	readonly space: Workspace;
	readonly faux: FauxProvider;
	readonly modelRuntime: ModelRuntime;
	readonly resourceLoader: DefaultResourceLoader;
	readonly settingsManager: SettingsManager;
	readonly tools?: readonly string[];
}

/** An agent session on the faux model with thinking off and an in-memory transcript. */
export async function createTestSession(options: SessionOptions): Promise<AgentSession> {
	const { session } = await createAgentSession({
		cwd: options.space.cwd,
		agentDir: options.space.agentDir,
		modelRuntime: options.modelRuntime,
		model: options.faux.getModel(),
		thinkingLevel: "off",
		tools: [...(options.tools ?? ["bash", "read"])],
		resourceLoader: options.resourceLoader,
		settingsManager: options.settingsManager,
		sessionManager: SessionManager.inMemory(options.space.cwd),
	});
	return session;
}
