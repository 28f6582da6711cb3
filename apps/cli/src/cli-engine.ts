/**
 * Owns: `CliEngine`, the engine as the CLI runs it: config loaded and composed per agent by the engine's
 * `loadAgentPolicy` (as the adapter's is), decided by the same `ToolCallPipeline` and `GateRunner` as the adapter,
 * with an escalator that never prompts (an ask is reported as `ask`), and the sandbox plan Pi would run (ADR 0059:
 * an ask the sandbox holds is answered by it, as in Pi). A call is run traced (`GateRunner.runTraced`,
 * ADR 0041): the engine returns what happened, with the one parse and each gate's matching rules, and its report.
 * Never: reads process state or prints; calls are decided one at a time (`decide` is awaited before the next).
 */
import { BashParser, PathNormalizer } from "@pi-permissions/access-intent";
import {
	ConfigLoader,
	type ConfigLoadResult,
	type DecisionFact,
	GateRunner,
	loadAgentPolicy,
	type PipelineDecision,
	type RunReport,
	type RunVerdict,
	readManagedPolicy,
	reportOf,
	type ShellParse,
	ToolCallPipeline,
	type TracedGate,
} from "@pi-permissions/engine";
import { type ComposedPolicy, type PolicyEnvironment, pathFlavorFor, SessionRuleStore } from "@pi-permissions/policy";
import type { CliHost } from "./cli-host";
import { sandboxPlanFor, withSandboxSwitch } from "./cli-sandbox-plan";
import { loadRequest, type PolicySetup } from "./config-options";

/** One agent's loaded config and composed policy. */
export interface LoadedPolicy {
	readonly load: ConfigLoadResult;
	readonly policy: ComposedPolicy;
}

/** Everything observed while deciding one call. */
export interface DecidedCall {
	readonly verdict: RunVerdict;
	/** `null` when the pipeline threw before deciding (a gate error). */
	readonly decision: PipelineDecision | null;
	/** The call's one bash parse, when the tool is a shell tool. */
	readonly program: ShellParse | null;
	/** What the run decided and on what: the engine's one report of a traced run, as the adapter reads it too. */
	readonly report: RunReport;
	readonly facts: readonly DecisionFact[];
	/** Every gate outcome with the composed rules matching its value (the engine's trace). */
	readonly gates: readonly TracedGate[];
	readonly loaded: LoadedPolicy;
}

/** Said to the runner for every real ask: the CLI has no one to ask. */
const NO_PROMPT_REASON = "the pi-permissions CLI reports asks and never prompts";

export class CliEngine {
	readonly setup: PolicySetup;
	readonly env: PolicyEnvironment;
	private readonly loader: ConfigLoader;
	private readonly policies = new Map<string | null, LoadedPolicy>();
	private readonly runner: GateRunner;
	/** The agent of the call being decided: the sandbox runs its policy's plan. */
	private deciding: string | null = null;

	private constructor(host: CliHost, setup: PolicySetup, parser: BashParser) {
		this.setup = setup;
		this.env = { home: setup.home, flavor: pathFlavorFor(setup.flavor), now: () => host.now() };
		this.loader = new ConfigLoader({ fileSystem: host.configFileSystem, flavor: setup.flavor });
		const sessionRules = new SessionRuleStore();
		const normalizer = PathNormalizer.create({
			cwd: setup.cwd,
			home: setup.home,
			flavor: this.env.flavor,
			probe: host.probe,
		});
		const pipeline = new ToolCallPipeline({
			policies: {
				policyFor: (agent) => {
					const loaded = this.policies.get(agent);
					// SECURITY: a policy that was not loaded must not default to anything; the runner blocks the call.
					if (loaded === undefined) throw new Error(`the policy of agent \`${String(agent)}\` is not loaded`);
					return loaded.policy;
				},
			},
			sessionRules,
			parser,
			normalizer,
			extractors: new Map(),
			infrastructureDirs: [],
			availableTools: null,
			mcpServers: setup.mcpServers,
			activeSkills: [],
			requester: { sessionId: null, subagent: false },
			agentDir: setup.agentDir,
			// ADR 0059: decided as Pi does where its sandbox starts (`auto` counted as running; `--sandbox off` to compare).
			sandboxRunning: () => true,
			sandboxPlan: () => {
				const loaded = this.policies.get(this.deciding);
				return loaded === undefined ? null : sandboxPlanFor(host, setup, loaded.policy);
			},
		});
		let nextId = 0;
		this.runner = new GateRunner({
			pipeline,
			escalator: { escalate: async () => ({ kind: "unavailable", reason: NO_PROMPT_REASON, decidedBy: "cli" }) },
			sink: { emit: () => {} },
			ids: { next: () => `cli-${++nextId}` },
			sessionRules,
			invalidScopes: () => {
				const invalid = new Map<string, { scope: string; file: string | null }>();
				for (const loaded of this.policies.values())
					for (const { scope, file, status } of loaded.load.reports)
						if (status === "invalid") invalid.set(`${scope}\0${file}`, { scope, file });
				return [...invalid.values()];
			},
		});
	}

	/** Loads the bash parser; the engine is then ready for any call. */
	static async create(host: CliHost, setup: PolicySetup): Promise<CliEngine> {
		return new CliEngine(host, setup, await BashParser.load());
	}

	/** An engine over an already loaded parser (`replay` builds one per recorded cwd). */
	static withParser(host: CliHost, setup: PolicySetup, parser: BashParser): CliEngine {
		return new CliEngine(host, setup, parser);
	}

	/** The loaded config and composed policy of `agent` (`null`: the main session), loaded once per invocation. */
	async policyOf(agent: string | null): Promise<LoadedPolicy> {
		const cached = this.policies.get(agent);
		if (cached !== undefined) return cached;
		const loaded = await loadPolicy(this.loader, this.setup, this.env, agent);
		this.policies.set(agent, loaded);
		return loaded;
	}

	/** Decides one call as the adapter would, with every ask reported instead of asked. Never rejects on input. */
	async decide(toolName: string, input: unknown, agent: string | null): Promise<DecidedCall> {
		const agentName = agent ?? this.setup.defaultAgent;
		const loaded = await this.policyOf(agentName);
		this.deciding = agentName;
		const trace = await this.runner.runTraced({ toolName, input, agentName, toolCallId: null });
		const { verdict, decision, facts, gates } = trace;
		return { verdict, decision, program: decision?.program ?? null, report: reportOf(trace), facts, gates, loaded };
	}
}

/**
 * Loads every scope for `agent` and composes them (`--mode` and `--yolo` override the start mode): the engine's
 * `loadAgentPolicy`.
 */
export async function loadPolicy(
	loader: ConfigLoader,
	setup: PolicySetup,
	env: PolicyEnvironment,
	agent: string | null,
): Promise<LoadedPolicy> {
	const managed =
		setup.managed === undefined ? undefined : await readManagedPolicy(setup.managed.fileSystem, setup.managed.file);
	const { config, policy } = await loadAgentPolicy(loader, loadRequest(setup, agent), {
		env,
		...(managed === undefined ? {} : { managed }),
		...(setup.yolo === undefined ? {} : { yolo: setup.yolo }),
		...(setup.mode === undefined ? {} : { mode: setup.mode }),
	});
	return { load: config, policy: withSandboxSwitch(policy, setup) };
}
