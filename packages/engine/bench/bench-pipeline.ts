/**
 * Owns: the pipeline the engine's benchmarks decide with: one config as the only (global) scope, no session rules,
 * no extractors, infrastructure or skills, every tool available; with a sandbox plan when the bench compares one.
 * Never: measures anything; each bench times its own calls.
 */
import type { BashParser, PathNormalizer, ShellEnvironment } from "@pi-permissions/access-intent";
import {
	type ComposedPolicy,
	composePolicy,
	POSIX_FLAVOR,
	SessionRuleStore,
	validateConfig,
} from "@pi-permissions/policy";
import { ToolCallPipeline } from "../src/pipeline/tool-call-pipeline";
import type { SandboxPlanView } from "../src/sandbox/sandbox-coverage";

export interface BenchPipelineOptions {
	/** The config file's content, validated here; an invalid one is a broken bench. */
	readonly config: unknown;
	readonly parser: BashParser;
	readonly normalizer: PathNormalizer;
	readonly mcpServers?: readonly string[];
	/** The environment a `bash` call's shell starts with (ADR 0039); unknown when absent. */
	readonly bashEnvironment?: ShellEnvironment;
	/** The plan of the sandbox that runs bash, from the composed policy (ADR 0059); absent: no sandbox. */
	readonly sandboxPlan?: (policy: ComposedPolicy) => SandboxPlanView;
}

export function benchPipeline(options: BenchPipelineOptions): ToolCallPipeline {
	const validated = validateConfig(options.config);
	if (!validated.ok) throw new Error("invalid bench config");
	const composed = composePolicy({
		scopes: [{ scope: "global", status: "valid", config: validated.value.config }],
		env: { home: options.normalizer.home, flavor: POSIX_FLAVOR },
	});
	return new ToolCallPipeline({
		policies: { policyFor: () => composed },
		sessionRules: new SessionRuleStore(),
		parser: options.parser,
		normalizer: options.normalizer,
		extractors: new Map(),
		infrastructureDirs: [],
		availableTools: null,
		mcpServers: options.mcpServers ?? [],
		activeSkills: [],
		requester: { sessionId: null, subagent: false },
		...(options.bashEnvironment === undefined
			? {}
			: { bashEnvironment: () => options.bashEnvironment as ShellEnvironment }),
		...(options.sandboxPlan === undefined ? {} : { sandboxPlan: memo(() => options.sandboxPlan?.(composed) ?? null) }),
	});
}

/** The plan is made once: the bench's policy and fixture do not change while it runs. */
function memo<T>(make: () => T): () => T {
	let made: { readonly value: T } | null = null;
	return () => {
		made ??= { value: make() };
		return made.value;
	};
}
