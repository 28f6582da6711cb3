/**
 * Owns: `ToolCallPipeline`: one tool call in, the ordered gate outcomes and their combination out. It classifies the
 * tool, builds the access intents (one `BashProgram` parse per call) and runs the gates in `GATE_ORDER`
 * (`gate-outcome.ts`), each outcome as the mode in force and the managed scope leave it (`modes/mode-overlay.ts`).
 * The first deny stops it; the most restrictive outcome wins, the first gate on a tie.
 * Never: asks anyone, records grants or emits events (the `GateRunner` does), and never reads process state.
 */
import {
	type AccessPath,
	type BashParser,
	BashProgram,
	type BashProgramDeps,
	classifyTool,
	extractToolInputPaths,
	type PathNormalizer,
	readPathFallbacks,
	type ShellEnvironment,
	type ShellToolAlias,
	type ToolAccessExtractors,
	type ToolKind,
} from "@pi-permissions/access-intent";
import type { ComposedPolicy, PermissionMode, Ruleset, SessionRuleStore } from "@pi-permissions/policy";
import { bashExternalDirectoryGate } from "../gates/bash-external-directory-gate";
import { bashPathGate } from "../gates/bash-path-gate";
import { bashRecursiveReadGate } from "../gates/bash-recursive-read-gate";
import { bashWriteGate } from "../gates/bash-write-gate";
import { externalDirectoryGate } from "../gates/external-directory-gate";
import type { BashCall, GateContext } from "../gates/gate-context";
import { GATE_ORDER, type GateName, type GateOutcome, mostRestrictiveOutcome } from "../gates/gate-outcome";
import { InfrastructureReads } from "../gates/infrastructure-reads";
import { modeGate } from "../gates/mode-gate";
import { toolPathGate } from "../gates/path-gate";
import { protectedTargetGate } from "../gates/protected-target-gate";
import { ProtectedTargets } from "../gates/protected-targets";
import { type SkillInvocation, skillInputCall, skillInputOutcome } from "../gates/skill-input-gate";
import { type ActiveSkill, skillReadGate } from "../gates/skill-read-gate";
import { toolGate } from "../gates/tool-gate";
import { unknownToolOutcome } from "../gates/unknown-tool-gate";
import { overlayMode } from "../modes/mode-overlay";
import { type SandboxCoverage, type SandboxPlanView, sandboxCoverage } from "../sandbox/sandbox-coverage";
import { SessionPolicy } from "../session/session-policy";
import { parseInWorkdir, type ShellParse } from "./shell-workdir";
import type { ToolCall } from "./tool-call";

/** The composed policy of each agent. */
export interface PolicyProvider {
	/**
	 * The policy for `agentName` (`null`: the main session). May throw; the runner turns the throw into a blocked call
	 * (`gate_error`), never an allow.
	 */
	policyFor(agentName: string | null): ComposedPolicy;
}

/** Parses one bash command; the default is `BashProgram.parse`. Must not throw on any string. */
export type ParseBashProgram = (command: string, deps: BashProgramDeps) => BashProgram;

export interface ToolCallPipelineOptions {
	readonly policies: PolicyProvider;
	readonly sessionRules: SessionRuleStore;
	/** A loaded (warm) parser: the pipeline never waits for one. */
	readonly parser: BashParser;
	/** The session's normalizer (cwd, home, flavor, probe). */
	readonly normalizer: PathNormalizer;
	/** Registered access extractors by tool name. */
	readonly extractors: ToolAccessExtractors;
	/** Absolute Pi infrastructure directories (or globs) a read-only built-in may read without a prompt. */
	readonly infrastructureDirs: readonly string[];
	/** The tools Pi offers this session; any other tool is refused before policy. `null`: no registry (the CLI). */
	readonly availableTools: readonly string[] | null;
	/** Configured MCP server names (they split native and proxy target names). */
	readonly mcpServers: readonly string[];
	readonly activeSkills: readonly ActiveSkill[];
	/** Who is asking, for payloads. */
	readonly requester: { readonly sessionId: string | null; readonly subagent: boolean };
	/** Replaces `BashProgram.parse` (tests count parses through it). */
	readonly parseProgram?: ParseBashProgram;
	/**
	 * Pi's agent directory, whose settings, extensions, agents and skills are protected targets; `<home>/.pi/agent`
	 * when absent.
	 */
	readonly agentDir?: string;
	/** Directories Pi loads code from outside the agent dir (its own package, local packages): protected whole. */
	readonly codeDirs?: readonly { readonly path: string; readonly why: string }[];
	/**
	 * The environment Pi's built-in `bash` tool would start this call's `bash -c` with, read at decision time (ADR
	 * 0039): a variable the command never assigns resolves to its value there. Absent, or for any other shell tool (an
	 * alias runs under an environment this pipeline does not know): unknown, and such words stay computed.
	 */
	readonly bashEnvironment?: () => ShellEnvironment;
	/**
	 * True while the OS sandbox (ADR 0037) runs the allowed bash calls of this session: started, with `sandbox.mode`
	 * `auto`. Read at each bash decision; absent: it does not (the CLI runs no sandbox). Must not throw. With `mode`
	 * `required` bash never runs outside the sandbox, so that mode counts as sandboxed whatever this says.
	 */
	readonly sandboxRunning?: () => boolean;
	/**
	 * The plan of the OS sandbox that runs this session's bash calls (ADR 0059), read at each decision of a call that
	 * will run in it; absent or `null`: no plan is known, and the sandbox answers no ask. Must not throw.
	 */
	readonly sandboxPlan?: () => SandboxPlanView | null;
}

export interface PipelineDecision {
	readonly call: ToolCall;
	/** Gate outcomes in gate order; the last one is the deny when a gate denied. */
	readonly outcomes: readonly GateOutcome[];
	/** The most restrictive outcome (the first gate on a tie). */
	readonly combined: GateOutcome;
	/** Whether yolo is on for this call's policy (the runner reconciles residual floors with it). */
	readonly yolo: boolean;
	/** The composed rules the call was decided under (session rules excluded); yolo reads their denies. */
	readonly composedRules: Ruleset;
	/** The composed policy the call was decided under (a traced run lists its matching rules); `null`: none read. */
	readonly policy: ComposedPolicy | null;
	/** The call's one bash parse, for a shell tool; `null` for any other tool. */
	readonly program: ShellParse | null;
	/**
	 * What the OS sandbox holds for this call (ADR 0059): set for Pi's own `bash` while the sandbox runs it
	 * (`sandbox.mode` `required`, or `auto` with the sandbox running) and its plan is known; `null` otherwise.
	 */
	readonly sandbox: SandboxCoverage | null;
}

/** What one gate reads of the call besides its context: the policy's facts and the pipeline's options. */
type Gate = (context: GateContext, facts: PolicyFacts, options: ToolCallPipelineOptions) => GateOutcome | null;

/**
 * Every gate by name, so a new gate cannot be left out; made once, so no closure is created per gate and call (a
 * named closure costs a `defineProperty` per call under keepNames).
 */
const GATES: Readonly<Record<GateName, Gate>> = {
	"unknown-tool": () => null, // settled in `decide`, before the policy is composed
	"skill-input": () => null, // no tool call: `decideSkillInput`
	"skill-read": (context, _facts, options) => skillReadGate(context, options.activeSkills),
	path: (context) => toolPathGate(context),
	"external-directory": (context, facts) => externalDirectoryGate(context, facts.infrastructure),
	"bash-external-directory": (context) => bashExternalDirectoryGate(context),
	"bash-path": (context) => bashPathGate(context),
	"bash-recursive-read": (context) => bashRecursiveReadGate(context),
	"bash-write": (context) => bashWriteGate(context),
	"protected-target": (context, facts) => protectedTargetGate(context, facts.protectedTargets),
	tool: (context, _facts, options) => toolGate(context, options.mcpServers),
	mode: (context, facts) => modeGate(context, facts.mode),
};

export class ToolCallPipeline {
	private readonly options: ToolCallPipelineOptions;
	private readonly sessionPolicy: SessionPolicy;
	private readonly available: ReadonlySet<string> | null;
	private readonly infrastructure: InfrastructureReads;
	private readonly parseProgram: ParseBashProgram;
	private readonly perPolicy = new WeakMap<ComposedPolicy, PolicyFacts>();

	constructor(options: ToolCallPipelineOptions) {
		this.options = options;
		const { normalizer } = options;
		this.sessionPolicy = new SessionPolicy(options.sessionRules, { home: normalizer.home, flavor: normalizer.flavor });
		this.available = options.availableTools === null ? null : new Set(options.availableTools);
		this.infrastructure = InfrastructureReads.of(options.infrastructureDirs, normalizer);
		this.parseProgram = options.parseProgram ?? ((command, deps) => BashProgram.parse(command, deps));
	}

	/** Decides one call. Throws only on a broken collaborator or a malformed bash input; callers fail closed. */
	decide(call: ToolCall): PipelineDecision {
		if (this.available !== null && !this.available.has(call.toolName)) {
			const outcome = unknownToolOutcome(call.toolName, this.available);
			return {
				call,
				outcomes: [outcome],
				combined: outcome,
				yolo: false,
				composedRules: [],
				policy: null,
				program: null,
				sandbox: null,
			};
		}
		const composed = this.options.policies.policyFor(call.agentName);
		const facts = this.factsOf(composed);
		const context = this.contextFor(call, composed, facts);
		const outcomes: GateOutcome[] = [];
		// Run in `GATE_ORDER`, the one place the order is written.
		for (let i = 0; i < GATE_ORDER.length; i++) {
			const decided = GATES[GATE_ORDER[i] as GateName](context, facts, this.options);
			if (decided === null) continue;
			// ADRs 0054, 0055: accept-edits, dont-ask and the managed scope's person-only asks, once per outcome.
			const outcome = overlayMode(decided, context, composed);
			outcomes.push(outcome);
			if (outcome.state === "deny") break;
		}
		const combined = mostRestrictiveOutcome(outcomes);
		if (combined === null) throw new Error("the tool gate produced no outcome");
		return {
			call,
			outcomes,
			combined,
			yolo: composed.yolo,
			composedRules: composed.rules,
			policy: composed,
			program: context.bash?.program ?? null,
			sandbox: this.sandboxCoverage(context, composed),
		};
	}

	/** Decides a `/skill:` invocation typed into the session (no tool call; reported as a call of `skill`). */
	decideSkillInput(invocation: SkillInvocation): PipelineDecision {
		const composed = this.options.policies.policyFor(invocation.agentName);
		const decided = skillInputOutcome(
			invocation,
			this.sessionPolicy.policyFor(composed),
			{ agentName: invocation.agentName, ...this.options.requester },
			this.options.normalizer.flavor,
		);
		const outcome = overlayMode(decided, null, composed);
		return {
			call: skillInputCall(invocation),
			outcomes: [outcome],
			combined: outcome,
			yolo: composed.yolo,
			composedRules: composed.rules,
			policy: composed,
			program: null,
			sandbox: null,
		};
	}

	private contextFor(call: ToolCall, composed: ComposedPolicy, facts: PolicyFacts): GateContext {
		const kind = classifyTool(call.toolName, { shellTools: facts.shellTools });
		// A fresh probe cache per call: answers are shared by every gate of this call, and never outlive it.
		const normalizer = this.options.normalizer.withProbeCache();
		const inputPaths: AccessPath[] = extractToolInputPaths(
			kind,
			call.input,
			this.options.extractors,
			normalizer.flavor,
		).flatMap((raw) => withReadFallbacks(kind, normalizer.forPath(raw), normalizer));
		return {
			call,
			kind,
			policy: this.sessionPolicy.policyFor(composed),
			normalizer,
			flavor: normalizer.flavor,
			requester: { agentName: call.agentName, ...this.options.requester },
			inputPaths,
			bash: kind.kind === "bash" ? this.parseBash(kind, call, normalizer) : null,
		};
	}

	/**
	 * What the sandbox holds for a call it will run: Pi's own `bash` only (the sandbox wraps that tool, not an alias),
	 * under `required` (bash never runs outside it) or `auto` with it running, and with its plan known.
	 */
	private sandboxCoverage(context: GateContext, composed: ComposedPolicy): SandboxCoverage | null {
		if (context.bash === null || context.kind.kind !== "bash" || context.kind.alias) return null;
		const mode = composed.sandbox.mode;
		const running = mode === "required" || (mode === "auto" && this.options.sandboxRunning?.() === true);
		if (!running) return null;
		const plan = this.options.sandboxPlan?.() ?? null;
		if (plan === null) return null;
		return sandboxCoverage(plan, composed.rules, { home: context.normalizer.home, flavor: context.flavor });
	}

	/** The one parse of this call's command, from the alias's working directory when the call names one. */
	private parseBash(kind: Extract<ToolKind, { kind: "bash" }>, call: ToolCall, normalizer: PathNormalizer): BashCall {
		const { input } = call;
		const command = stringField(input, kind.commandArgument);
		if (command === null) {
			// SECURITY: a missing or non-string command cannot be judged; the runner blocks the call (gate_error).
			throw new Error(`the \`${kind.commandArgument}\` input of a shell tool is not a string`);
		}
		const workdir = kind.workdirArgument === null ? null : stringField(input, kind.workdirArgument);
		if (kind.workdirArgument !== null && workdir === null && hasField(input, kind.workdirArgument)) {
			// SECURITY: a working directory we cannot read would leave relative paths resolved in the wrong place.
			throw new Error(`the \`${kind.workdirArgument}\` input of a shell tool is not a string`);
		}
		const environment = call.toolName === "bash" ? this.options.bashEnvironment?.() : undefined;
		// The parse callback is passed inline: a named closure would cost a `defineProperty` per call under keepNames.
		const program = parseInWorkdir(command, workdir === "" ? null : workdir, (text, at) =>
			this.parseProgram(text, {
				parser: this.options.parser,
				normalizer,
				...(at === undefined ? {} : { workdir: at }),
				...(environment === undefined ? {} : { shellEnvironment: environment }),
			}),
		);
		return { command, program };
	}

	private factsOf(composed: ComposedPolicy): PolicyFacts {
		const cached = this.perPolicy.get(composed);
		if (cached !== undefined) return cached;
		const shellTools: Record<string, ShellToolAlias> = Object.create(null);
		for (const [name, alias] of composed.shellTools) shellTools[name] = alias;
		const extras = InfrastructureReads.of(composed.settings.piInfrastructureReadPaths, this.options.normalizer);
		const { normalizer } = this.options;
		const protectedTargets = new ProtectedTargets({
			cwd: normalizer.cwd,
			home: normalizer.home,
			agentDir: this.options.agentDir ?? `${normalizer.home}/.pi/agent`,
			flavor: normalizer.flavor,
			extra: composed.settings.protectedPaths ?? [],
			...(this.options.codeDirs === undefined ? {} : { codeDirs: this.options.codeDirs }),
		});
		const facts: PolicyFacts = {
			shellTools,
			infrastructure: this.infrastructure.with(extras),
			protectedTargets,
			mode: composed.mode,
		};
		this.perPolicy.set(composed, facts);
		return facts;
	}
}

interface PolicyFacts {
	readonly shellTools: Readonly<Record<string, ShellToolAlias>>;
	readonly infrastructure: InfrastructureReads;
	readonly protectedTargets: ProtectedTargets;
	/** The mode this composed policy was composed in (a switch recomposes, so it is fixed per policy). */
	readonly mode: PermissionMode;
}

function hasField(input: unknown, key: string): boolean {
	return typeof input === "object" && input !== null && !Array.isArray(input) && Object.hasOwn(input, key);
}

/** `input[key]` when it is a string, else `null`. */
function stringField(input: unknown, key: string): string | null {
	const value = hasField(input, key) ? (input as Record<string, unknown>)[key] : undefined;
	return typeof value === "string" ? value : null;
}

/** Symlink-resolved forms of configured directories; relative entries are ignored (they name no fixed place). */

/**
 * The path a built-in tool opens, and for Pi's `read` also every spelling it falls back to when that path does not
 * exist (`’` for `'`, NFD, the macOS screenshot space): the gates judge each, the strictest wins.
 * SECURITY: deny `*it’s secret.txt`, read `it's secret.txt`: Pi opens the U+2019 file when the ASCII one is missing.
 */
const READ_TOOL = "read";

function withReadFallbacks(kind: ToolKind, path: AccessPath, normalizer: PathNormalizer): AccessPath[] {
	if (kind.kind !== "path-builtin" || kind.toolName !== READ_TOOL || path.kind !== "resolved") return [path];
	return [path, ...readPathFallbacks(path.lexical).map((spelling) => normalizer.forPath(spelling))];
}
