/**
 * Owns: the pipeline the engine's benchmarks decide with: one config as the only (global) scope, no session rules,
 * no extractors, infrastructure or skills, every tool available.
 * Never: measures anything; each bench times its own calls.
 */
import type { BashParser, PathNormalizer, ShellEnvironment } from "@pi-permissions/access-intent";
import { composePolicy, POSIX_FLAVOR, SessionRuleStore, validateConfig } from "@pi-permissions/policy";
import { ToolCallPipeline } from "../src/pipeline/tool-call-pipeline";

export interface BenchPipelineOptions {
	/** The config file's content, validated here; an invalid one is a broken bench. */
	readonly config: unknown;
	readonly parser: BashParser;
	readonly normalizer: PathNormalizer;
	readonly mcpServers?: readonly string[];
	/** The environment a `bash` call's shell starts with (ADR 0039); unknown when absent. */
	readonly bashEnvironment?: ShellEnvironment;
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
	});
}
