/**
 * Owns: deciding one session's calls: a tool call under the active agent's policy and a `/skill:` input, through the
 * session's runner over what Pi offers it now (its tools, loaded skills and configured MCP servers); the warm parser
 * and the warm-up decision; the start-up check of the policy examples.
 * Never: decides on its own (the runner's pipeline does), or decides a call under another agent's policy.
 */
import {
	type ActiveSkill,
	exampleFailureLine,
	exampleInput,
	exampleLocation,
	examplesOf,
	judgeExample,
	type RunVerdict,
	type SkillInvocation,
	type ToolCall,
} from "@pi-permissions/engine";
import type { DecisionCounters } from "../logs/decision-counters";
import type { BashParserLoader } from "./bash-parser-loader";
import type { SessionPolicies } from "./session-policies";
import { SessionRunner, type SessionRunnerDeps } from "./session-runner";

/** Policy examples decided at session start at most. */
const MAX_STARTUP_EXAMPLES = 200;

/** One tool call as a session receives it: the session stamps its active agent on it (see `SessionPolicies`). */
export type SessionToolCall = Omit<ToolCall, "agentName">;

interface SessionGateOptions {
	readonly policies: SessionPolicies;
	readonly parser: BashParserLoader;
	/** Counts each call handed to the runner (the summary's `toolCalls`). */
	readonly counters: DecisionCounters;
	/** What the runner is built over besides what the gate itself provides (the policies, parser and MCP servers). */
	readonly runner: Omit<SessionRunnerDeps, "policies" | "parser" | "mcpServers">;
	/** Reads the configured MCP server names: Pi's `mcp.json` files and `registered` (which may throw). Never throws. */
	readonly readMcpServers: (registered: () => readonly string[]) => readonly string[];
}

export class SessionGate {
	private readonly runner: SessionRunner;
	// What Pi offers the session changes within it (`/reload` after `pi mcp add`, a skill added), so Pi hands both in
	// at every agent start; until the first one the runner knows no MCP server and no skill.
	/** The configured MCP server names the runner splits MCP tool names with (see `refreshMcpServers`). */
	private mcpServers: readonly string[] = [];
	/** The skills Pi has loaded, which the skill-read gate guards (see `useActiveSkills`). */
	private activeSkills: readonly ActiveSkill[] = [];

	constructor(private readonly options: SessionGateOptions) {
		const { policies, parser } = options;
		this.runner = new SessionRunner({ ...options.runner, policies, parser, mcpServers: () => this.mcpServers });
	}

	/** Whether the bash parser is loaded (a call before it is a gate error). */
	get isWarm(): boolean {
		return this.options.parser.current !== null;
	}

	/** Loads the bash parser (once per extension instance; a failed load is retried next time). Rejects on a failure. */
	async warm(): Promise<void> {
		await this.options.parser.load();
	}

	/** Forgets the runner: the policy it decides with changed (a reload, an agent switch); the next call rebuilds it. */
	invalidate(): void {
		this.runner.invalidate();
	}

	/**
	 * Reads the MCP server names Pi is configured with again (ADR 0036): its `mcp.json` files and the servers
	 * extensions registered (`registered`, may throw). A changed list rebuilds the runner, so a rule like `"exa-web:*"`
	 * meets `mcp__exa_web__search` from the next call. Never throws.
	 */
	refreshMcpServers(registered: () => readonly string[]): void {
		const names = this.options.readMcpServers(registered);
		const current = this.mcpServers;
		if (names.length === current.length && names.every((name, index) => name === current[index])) return;
		this.mcpServers = [...names];
		this.runner.invalidate();
	}

	/** The skills Pi has loaded (name and directory), which the skill-read gate guards. */
	useActiveSkills(skills: readonly ActiveSkill[]): void {
		// The same skills keep the same array, so the runner built over them is kept.
		if (sameSkills(skills, this.activeSkills)) return;
		this.activeSkills = skills;
	}

	/**
	 * Decides and resolves one call of the active agent over the tools Pi offers (`offeredTools` is read only when the
	 * call names a tool the session's runner does not know; see `SessionRunner.runnerForCall`). Rejects before a warm
	 * parser, or while the active agent's policy cannot load (a gate error).
	 */
	run(call: SessionToolCall, offeredTools: () => readonly string[]): Promise<RunVerdict> {
		const { policies } = this.options;
		// SECURITY: a call is never decided under another agent's policy; a policy that cannot load blocks the call.
		if (policies.current.agentName !== policies.activeAgent) {
			return policies.useAgent(policies.activeAgent).then((changed) => {
				if (changed) this.runner.invalidate();
				return this.runActive(call, offeredTools);
			});
		}
		// Not `async`: the warm, same-agent path hands the runner's own promise back as is (each skipped await is a turn
		// of the microtask queue).
		return this.runActive(call, offeredTools);
	}

	/** Decides and resolves a `/skill:` invocation. Rejects only before a warm parser (a gate error). */
	async runSkillInput(invocation: SkillInvocation, availableTools: readonly string[]): Promise<RunVerdict> {
		const runner = this.runner.runnerFor(availableTools, this.activeSkills);
		this.options.counters.callStarted();
		return runner.runSkillInput(invocation);
	}

	/**
	 * Builds the runner over `availableTools` and resolves one throwaway bash chain through its pipeline, so the first
	 * real call pays neither the construction nor the cold code paths. The throwaway goes through a detached runner
	 * (silent sink, own ids, an escalator that refuses, an empty grant store): the session's sinks, counters and grants
	 * never see it, and it can never prompt. Never rejects.
	 */
	async prepare(availableTools: readonly string[]): Promise<void> {
		await this.runner.warmUp(availableTools, this.activeSkills, this.options.policies.activeAgent);
	}

	/** Whether any loaded scope carries policy examples (the `tests` key). */
	get hasExamples(): boolean {
		return examplesOf(this.options.policies.current.config.scopes).length > 0;
	}

	/**
	 * The start-up warning of each policy example (the `tests` key) this session's policy fails. Examples naming
	 * another agent are left to `pi-permissions test`. Never rejects: an example that cannot be decided is a warning.
	 */
	async exampleWarnings(): Promise<string[]> {
		const { policies } = this.options;
		const lines: string[] = [];
		const examples = examplesOf(policies.current.config.scopes);
		// Start-up stays quick whatever a file holds; the CLI's `test` runs every example.
		if (examples.length > MAX_STARTUP_EXAMPLES) {
			lines.push(
				`pi-permissions: only the first ${MAX_STARTUP_EXAMPLES} of ${examples.length} policy examples are checked at start-up; run \`pi-permissions test\` for all`,
			);
		}
		for (const scoped of examples.slice(0, MAX_STARTUP_EXAMPLES)) {
			const agent = scoped.example.agent ?? policies.activeAgent;
			if (agent !== policies.activeAgent) continue;
			const input = exampleInput(scoped.example, policies.current.policy.shellTools);
			try {
				const decision = await this.runner.decideExample({
					toolName: scoped.example.tool,
					input,
					agentName: policies.activeAgent,
					toolCallId: null,
				});
				const verdict = judgeExample(scoped, decision);
				if (verdict.kind === "fail") lines.push(`pi-permissions: ${exampleFailureLine(verdict)}`);
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error);
				lines.push(`pi-permissions: example ${exampleLocation(scoped)} could not be decided: ${message}`);
			}
		}
		return lines;
	}

	private runActive(call: SessionToolCall, offeredTools: () => readonly string[]): Promise<RunVerdict> {
		try {
			const runner = this.runner.runnerForCall(call.toolName, offeredTools, this.activeSkills);
			this.options.counters.callStarted();
			const { toolName, input, toolCallId } = call;
			return runner.run({ toolName, input, agentName: this.options.policies.activeAgent, toolCallId });
		} catch (error) {
			return Promise.reject(error);
		}
	}
}

function sameSkills(a: readonly ActiveSkill[], b: readonly ActiveSkill[]): boolean {
	if (a.length !== b.length) return false;
	return a.every((skill, index) => skill.name === b[index]?.name && skill.directory === b[index]?.directory);
}
