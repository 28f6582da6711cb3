/**
 * Owns: the bench's baseline: the same decision computed directly by the engine objects the adapter composes per
 * session (`ToolCallPipeline` under a `GateRunner`), over the same config file, normalizer inputs and tool list, with
 * a silent decision sink.
 * Never: goes through Pi or the extension; an escalation (a case that was not allowed) fails the run.
 */
import { BashParser, createNodeFileSystemProbe, PathNormalizer } from "@pi-permissions/access-intent";
import {
	ConfigLoader,
	createNodeConfigFileSystem,
	GateRunner,
	type RunVerdict,
	type ToolCall,
	ToolCallPipeline,
} from "@pi-permissions/engine";
import { composePolicy, pathFlavorFor, SessionRuleStore } from "@pi-permissions/policy";
import type { BenchCase } from "./bench-cases";
import type { BenchWorkspace } from "./bench-workspace";

export class EngineBaseline {
	private calls = 0;

	private constructor(private readonly runner: GateRunner) {}

	/** Loads the workspace's config and composes the runner as `SessionRunner.runnerFor` does. */
	static async create(
		space: BenchWorkspace,
		session: { readonly sessionId: string; readonly toolNames: readonly string[] },
	): Promise<EngineBaseline> {
		const loader = new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" });
		const config = await loader.load({
			cwd: space.cwd,
			agentDir: space.agentDir,
			agentName: null,
			isProjectTrusted: () => false,
		});
		const flavor = pathFlavorFor("posix");
		const policy = composePolicy({ scopes: config.scopes, env: { home: space.home, flavor } });
		const store = new SessionRuleStore();
		const normalizer = PathNormalizer.create({
			cwd: space.cwd,
			home: space.home,
			flavor,
			probe: createNodeFileSystemProbe(),
		});
		const pipeline = new ToolCallPipeline({
			policies: { policyFor: () => policy },
			sessionRules: store,
			parser: await BashParser.load(),
			normalizer,
			extractors: new Map(),
			infrastructureDirs: [],
			availableTools: session.toolNames,
			mcpServers: [],
			activeSkills: [],
			requester: { sessionId: session.sessionId, subagent: false },
		});
		let ids = 0;
		const runner = new GateRunner({
			pipeline,
			escalator: {
				escalate: () => Promise.reject(new Error("the bench policy must allow every case")),
			},
			sink: { emit: () => {} },
			ids: { next: () => `engine-${++ids}` },
			sessionRules: store,
		});
		return new EngineBaseline(runner);
	}

	/** Decides and resolves `benchCase` once; rejects when the verdict is not `allow`. */
	async decide(benchCase: BenchCase): Promise<void> {
		this.calls += 1;
		const call: ToolCall = {
			toolName: benchCase.toolName,
			input: { ...benchCase.input },
			agentName: null,
			toolCallId: `engine-${this.calls}`,
		};
		const verdict: RunVerdict = await this.runner.run(call);
		if (verdict.kind !== "allow") throw new Error(`${benchCase.label} was blocked by the engine: ${verdict.reason}`);
	}
}
