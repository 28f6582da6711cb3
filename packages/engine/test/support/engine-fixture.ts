/**
 * Owns: building the engine for tests: a composed policy from a config object, the real (warm) bash parser, a
 * normalizer over a probe (empty, or the real file system), and a pipeline/query/runner wired to one session store.
 * Never: fakes the parser or the policy; fakes appear only at injected edges (probe, escalator, sink, ids).
 */
import {
	BashParser,
	BashProgram,
	createNodeFileSystemProbe,
	type FileSystemProbe,
	PathNormalizer,
	type ShellEnvironment,
	type ToolAccessExtractors,
} from "@pi-permissions/access-intent";
import {
	type ComposedPolicy,
	composePolicy,
	type PermissionMode,
	POSIX_FLAVOR,
	type ScopeOutcome,
	SessionRuleStore,
	validateConfig,
} from "@pi-permissions/policy";
import type { ActiveSkill } from "../../src/gates/skill-read-gate";
import type { ToolCall } from "../../src/pipeline/tool-call";
import { type ParseBashProgram, ToolCallPipeline } from "../../src/pipeline/tool-call-pipeline";
import { PermissionQuery } from "../../src/query/permission-query";
import type { SandboxPlanView } from "../../src/sandbox/sandbox-coverage";

export const parser = await BashParser.load();

/** Nothing exists: bare tokens are never promoted, paths stay lexical (the corpus defaults). */
export const EMPTY_PROBE: FileSystemProbe = { realpath: () => null, lstat: () => null, readdir: () => null };

export const CORPUS_CWD = "/projects/app";
export const CORPUS_HOME = "/home/u";

export interface PolicyOptions {
	readonly yolo?: boolean;
	/** The mode to compose in (ADR 0054); absent: the config's start mode. */
	readonly mode?: PermissionMode;
	readonly home?: string;
	/** Extra scopes after the global one (e.g. an invalid project scope). */
	readonly more?: readonly ScopeOutcome[];
}

/** Validates `config` as the global scope and composes it (throws on an invalid test config: a test bug). */
export function policyOf(config: unknown, options: PolicyOptions = {}): ComposedPolicy {
	const validated = validateConfig(config);
	if (!validated.ok) throw new Error(`invalid test config: ${JSON.stringify(validated.error)}`);
	return composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }, ...(options.more ?? [])],
		env: { home: options.home ?? CORPUS_HOME, flavor: POSIX_FLAVOR },
		...(options.yolo === undefined ? {} : { yolo: options.yolo }),
		...(options.mode === undefined ? {} : { mode: options.mode }),
	});
}

export interface EngineOptions extends PolicyOptions {
	readonly config: unknown;
	readonly cwd?: string;
	readonly probe?: FileSystemProbe;
	readonly availableTools?: readonly string[] | null;
	readonly mcpServers?: readonly string[];
	readonly activeSkills?: readonly ActiveSkill[];
	readonly infrastructureDirs?: readonly string[];
	readonly extractors?: ToolAccessExtractors;
	/** Per-agent policies; an unknown agent gets the main policy. */
	readonly agents?: Readonly<Record<string, unknown>>;
	/** The environment of Pi's `bash` tool (ADR 0039); absent: unknown. */
	readonly bashEnvironment?: () => ShellEnvironment;
	/** Whether the OS sandbox runs bash (ADR 0037); absent: it does not. */
	readonly sandboxRunning?: () => boolean;
	/** The plan of the sandbox that runs bash (ADR 0059); absent: none known. */
	readonly sandboxPlan?: () => SandboxPlanView | null;
}

export interface Engine {
	readonly pipeline: ToolCallPipeline;
	readonly query: PermissionQuery;
	readonly store: SessionRuleStore;
	readonly policy: ComposedPolicy;
	/** `BashProgram.parse` calls made so far through pipeline and query. */
	parses(): number;
}

export function createEngine(options: EngineOptions): Engine {
	const policy = policyOf(options.config, options);
	const agents = new Map(
		Object.entries(options.agents ?? {}).map(([name, config]) => [name, policyOf(config, options)]),
	);
	const policies = { policyFor: (agent: string | null) => (agent === null ? policy : (agents.get(agent) ?? policy)) };
	const store = new SessionRuleStore();
	const normalizer = PathNormalizer.create({
		cwd: options.cwd ?? CORPUS_CWD,
		home: options.home ?? CORPUS_HOME,
		flavor: POSIX_FLAVOR,
		probe: options.probe ?? EMPTY_PROBE,
	});
	let count = 0;
	// The counting wrapper: every parse the engine makes goes through here.
	const parseProgram: ParseBashProgram = (command, deps) => {
		count++;
		return BashProgram.parse(command, deps);
	};
	const pipeline = new ToolCallPipeline({
		policies,
		sessionRules: store,
		parser,
		normalizer,
		extractors: options.extractors ?? new Map(),
		infrastructureDirs: options.infrastructureDirs ?? [],
		availableTools: options.availableTools ?? null,
		mcpServers: options.mcpServers ?? [],
		activeSkills: options.activeSkills ?? [],
		requester: { sessionId: "test-session", subagent: false },
		parseProgram,
		...(options.bashEnvironment === undefined ? {} : { bashEnvironment: options.bashEnvironment }),
		...(options.sandboxRunning === undefined ? {} : { sandboxRunning: options.sandboxRunning }),
		...(options.sandboxPlan === undefined ? {} : { sandboxPlan: options.sandboxPlan }),
	});
	const query = new PermissionQuery({ policies, sessionRules: store, normalizer, parser: () => parser, parseProgram });
	return { pipeline, query, store, policy, parses: () => count };
}

export function realProbe(): FileSystemProbe {
	return createNodeFileSystemProbe();
}

export function call(toolName: string, input: unknown, agentName: string | null = null): ToolCall {
	return { toolName, input, agentName, toolCallId: null };
}

export function bashCall(command: string): ToolCall {
	return call("bash", { command });
}

const UNIT_NORMALIZER = PathNormalizer.create({
	cwd: CORPUS_CWD,
	home: CORPUS_HOME,
	flavor: POSIX_FLAVOR,
	probe: EMPTY_PROBE,
});

/** The units of `command`, parsed as the pipeline parses it (corpus cwd and home, nothing on disk). */
export function parseUnits(command: string): BashProgram["units"] {
	return BashProgram.parse(command, { parser, normalizer: UNIT_NORMALIZER }).units;
}
