/**
 * Owns: the session's gate runner over the tools Pi offers and the skills it loaded (kept while both are unchanged,
 * rebuilt otherwise), and the warm-up decision that spares the first real call the construction and cold code paths.
 * Never: decides on its own; the warm-up runs detached (silent sink, own ids, no escalation, empty grants), so the
 * session's events, counters, logs and grants never see it.
 */
import type { BashParser, PathNormalizer, ShellEnvironment } from "@pi-permissions/access-intent";
import type { IdGenerator, SessionAuthority } from "@pi-permissions/authority";
import {
	type ActiveSkill,
	type DecisionSink,
	GateRunner,
	type PolicyProvider,
	type RunReport,
	reportOf,
	type SandboxPlanView,
	type ToolCall,
	ToolCallPipeline,
} from "@pi-permissions/engine";
import { SessionRuleStore } from "@pi-permissions/policy";
import type { InvalidScope } from "@pi-permissions/presentation";
import { AuthorityAskEscalator, type PersistGrant } from "../authority/authority-ask-escalator";
import { formattingAskEscalator } from "../service/formatting-ask-escalator";
import type { SessionExtensions } from "../service/session-extensions";

export interface SessionRunnerDeps {
	readonly policies: PolicyProvider;
	readonly store: SessionRuleStore;
	readonly parser: { readonly current: BashParser | null };
	readonly normalizer: PathNormalizer;
	readonly extensions: SessionExtensions;
	readonly authority: SessionAuthority;
	readonly sink: DecisionSink;
	readonly ids: IdGenerator;
	readonly sessionId: string | null;
	/** Pi's agent directory (its settings, extensions, agents and skills are protected targets). */
	readonly agentDir?: string;
	/** Directories Pi loads code from outside the agent dir (ADR 0048): protected whole. */
	readonly codeDirs?: readonly { readonly path: string; readonly why: string }[];
	/** The Pi directories a read-only built-in may read without a prompt, given the skills Pi loaded. */
	readonly infrastructureDirs?: (skills: readonly ActiveSkill[]) => readonly string[];
	/** The configured MCP server names (read when the runner is built; `invalidate` after they change). */
	readonly mcpServers?: () => readonly string[];
	/** The scopes invalid now and their files (the note of a fail-closed ask). Must not throw. */
	readonly invalidScopes?: () => readonly InvalidScope[];
	/** Writes an "always" answer's grant; absent: an "always" answer counts as a session approval. */
	readonly persistGrant?: PersistGrant;
	/** The environment of Pi's `bash` tool at decision time (ADR 0039); absent: unknown. Must not throw. */
	readonly bashEnvironment?: () => ShellEnvironment;
	/** Whether the OS sandbox runs this session's bash calls now (ADR 0037); absent: it does not. Must not throw. */
	readonly sandboxRunning?: () => boolean;
	/** The plan of the sandbox that runs this session's bash calls (ADR 0059); absent: none known. Must not throw. */
	readonly sandboxPlan?: () => SandboxPlanView | null;
}

interface CachedRunner {
	readonly tools: readonly string[];
	readonly known: ReadonlySet<string>;
	readonly skills: readonly ActiveSkill[];
	readonly pipeline: ToolCallPipeline;
	readonly runner: GateRunner;
}

/** A short allowed-looking chain that walks the parser, the bash gates and the tool gate; its decision is discarded. */
const WARM_UP_COMMAND = "cd . && echo pi-permissions | grep -c pi-permissions; true";

export class SessionRunner {
	private cached: CachedRunner | null = null;

	constructor(private readonly deps: SessionRunnerDeps) {}

	/** Forgets the runner (a reload or an agent switch changed what it decides with). */
	invalidate(): void {
		this.cached = null;
	}

	/** The runner over these tools and skills. Throws before the parser is warm (the caller's gate error). */
	runnerFor(availableTools: readonly string[], skills: readonly ActiveSkill[]): GateRunner {
		return this.cachedFor(availableTools, skills).runner;
	}

	/**
	 * The runner for a call of `toolName`: the cached one while it knows that tool, else one over `offeredTools()`
	 * read now. Reading Pi's tool list costs an object per tool, so the hot path skips it; the list is read afresh at
	 * every `before_agent_start` (`warmUp`) and whenever a call names a tool the runner does not know, so a tool added
	 * since is never refused as unknown. Throws before the parser is warm (the caller's gate error).
	 */
	runnerForCall(toolName: string, offeredTools: () => readonly string[], skills: readonly ActiveSkill[]): GateRunner {
		const cached = this.cached;
		if (cached !== null && cached.skills === skills && cached.known.has(toolName)) return cached.runner;
		return this.cachedFor(offeredTools(), skills).runner;
	}

	/** Builds the runner and resolves one throwaway bash chain through a detached runner. Never rejects. */
	async warmUp(availableTools: readonly string[], skills: readonly ActiveSkill[], agentName: string | null) {
		try {
			const { pipeline } = this.cachedFor(availableTools, skills);
			let ids = 0;
			const detached = new GateRunner({
				pipeline,
				escalator: { escalate: () => Promise.reject(new Error("a warm-up decision is never escalated")) },
				sink: { emit: () => undefined },
				ids: { next: () => `warm-up-${++ids}` },
				sessionRules: new SessionRuleStore(),
			});
			await detached.run({ toolName: "bash", input: { command: WARM_UP_COMMAND }, agentName, toolCallId: null });
		} catch {
			// Warming is an optimisation; the first real call builds or decides afresh.
		}
	}

	/**
	 * Decides one policy example's call as a real call would be decided, detached like the warm-up (silent sink, own
	 * ids, empty grants, every tool known) and traced: an ask it made (nobody answers it) is the example's `ask`. The
	 * report is the engine's `reportOf`, the one the CLI prints. Rejects before the parser is warm.
	 */
	async decideExample(call: ToolCall): Promise<RunReport> {
		const { deps } = this;
		const parser = deps.parser.current;
		if (parser === null) throw new Error("the bash parser is not loaded");
		const sessionRules = new SessionRuleStore();
		const pipeline = new ToolCallPipeline({
			policies: deps.policies,
			sessionRules,
			parser,
			normalizer: deps.normalizer,
			extractors: deps.extensions.extractors,
			infrastructureDirs: [],
			availableTools: null,
			mcpServers: [],
			activeSkills: [],
			requester: { sessionId: deps.sessionId, subagent: deps.authority.isSubagent },
			...(deps.agentDir === undefined ? {} : { agentDir: deps.agentDir }),
			...(deps.codeDirs === undefined ? {} : { codeDirs: deps.codeDirs }),
		});
		let ids = 0;
		const detached = new GateRunner({
			pipeline,
			escalator: {
				escalate: async () => ({
					kind: "unavailable",
					reason: "a policy example is never asked",
					decidedBy: "example",
				}),
			},
			sink: { emit: () => undefined },
			ids: { next: () => `example-${++ids}` },
			sessionRules,
		});
		// The engine's trace says what happened (ADR 0041), and its report what was decided on.
		return reportOf(await detached.runTraced(call));
	}

	private cachedFor(availableTools: readonly string[], skills: readonly ActiveSkill[]): CachedRunner {
		const cached = this.cached;
		if (cached !== null && cached.skills === skills && sameNames(cached.tools, availableTools)) return cached;
		const { deps } = this;
		const parser = deps.parser.current;
		if (parser === null) throw new Error("the bash parser is not loaded");
		const pipeline = new ToolCallPipeline({
			policies: deps.policies,
			sessionRules: deps.store,
			parser,
			normalizer: deps.normalizer,
			extractors: deps.extensions.extractors,
			infrastructureDirs: deps.infrastructureDirs?.(skills) ?? [],
			availableTools,
			mcpServers: deps.mcpServers?.() ?? [],
			activeSkills: skills,
			requester: { sessionId: deps.sessionId, subagent: deps.authority.isSubagent },
			...(deps.agentDir === undefined ? {} : { agentDir: deps.agentDir }),
			...(deps.codeDirs === undefined ? {} : { codeDirs: deps.codeDirs }),
			...(deps.bashEnvironment === undefined ? {} : { bashEnvironment: deps.bashEnvironment }),
			...(deps.sandboxRunning === undefined ? {} : { sandboxRunning: deps.sandboxRunning }),
			...(deps.sandboxPlan === undefined ? {} : { sandboxPlan: deps.sandboxPlan }),
		});
		const runner = new GateRunner({
			pipeline,
			escalator: formattingAskEscalator(
				(toolName) => deps.extensions.formatterFor(toolName),
				new AuthorityAskEscalator(deps.authority, deps.persistGrant ?? null),
			),
			sink: deps.sink,
			ids: deps.ids,
			sessionRules: deps.store,
			...(deps.invalidScopes === undefined ? {} : { invalidScopes: deps.invalidScopes }),
		});
		this.cached = { tools: [...availableTools], known: new Set(availableTools), skills, pipeline, runner };
		return this.cached;
	}
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
	if (a.length !== b.length) return false;
	for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
	return true;
}
