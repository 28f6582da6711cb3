/**
 * Owns: `PromptPayload`, the complete, JSON-safe description of one permission ask, and its closed vocabularies.
 * Never: shortens, orders or renders anything; elision is a property of a render, not of the payload.
 */
import type { RuleOrigin } from "@pi-permissions/policy";

/** Which ask a payload describes; every renderer dispatches on it. */
export type PromptPayloadKind =
	| "bash"
	| "mcp"
	| "tool"
	| "path"
	| "external_directory"
	| "bash_external_directory"
	| "skill"
	| "skill_read"
	| "network"
	| "forwarded";

export const PROMPT_PAYLOAD_KINDS: readonly PromptPayloadKind[] = [
	"bash",
	"mcp",
	"tool",
	"path",
	"external_directory",
	"bash_external_directory",
	"skill",
	"skill_read",
	"network",
	"forwarded",
];

/**
 * The innermost construct that introduced a bash unit, `null` at top level.
 * Mirrors `UnitContext` of `@pi-permissions/access-intent` (kept local until that package exports it).
 */
export type BashCommandContext = "command_substitution" | "process_substitution" | "subshell";

export const BASH_COMMAND_CONTEXTS: readonly BashCommandContext[] = [
	"command_substitution",
	"process_substitution",
	"subshell",
];

/** Every rule origin a matched rule can carry, in the policy package's vocabulary. */
export const RULE_ORIGINS: readonly RuleOrigin[] = [
	"global",
	"project",
	"agent",
	"project-agent",
	"builtin",
	"baseline",
	"session",
	"yolo",
	"fail-closed",
];

/**
 * The matched-pattern sentinels the engine reports when a floor, not a config pattern, decided the ask. They are wire
 * names (logs, events, CLI output): never respell them.
 */
export const BASH_SENTINELS = {
	/** A unit whose payload is opaque (`bash -c`, `eval`, `python -c`, …) that a rule allowed. */
	opaqueWrapper: "<opaque-bash-wrapper>",
	/** A unit that runs another command (`sudo`, `env`, `xargs`, `find -exec`, …) that a rule allowed. */
	indirectionWrapper: "<indirection-bash-wrapper>",
	/** A non-empty command that does not parse cleanly, unless its whole text is denied. */
	unparseable: "<unparseable-bash-command>",
	/** A unit whose command name is not a literal word (`$CMD`, `$(…)`, `rm${IFS}x`) that a rule allowed. */
	dynamicCommandName: "<dynamic-command-name>",
	/** A path the command computes at run time (`cat $f`, `cat $(printf x)/key`) while `path` rules deny or ask. */
	unresolvedPath: "<unresolved-path>",
	/**
	 * A program that reads a whole tree by itself (`grep -r`, `rg`, `tar c`) over one holding a file a `path` rule
	 * denies (or too large, or unnamed to check), while bash runs outside the OS sandbox.
	 */
	recursiveRead: "<recursive-read>",
	/**
	 * A unit given an environment variable that moves where a program reads configuration, state or code (`GIT_DIR=x
	 * git status`, `HOME=… git status`, `PYTHONPATH=…`): a command no one can see may run (ADR 0051).
	 */
	relocatingEnvironment: "<relocating-environment>",
	/** A unit given an environment variable no table knows to be harmless (`DATABASE_URL=… npm test`, ADR 0051). */
	unknownEnvironment: "<unknown-environment>",
	/**
	 * A unit that connects to a host the command computes (`curl $URL`, a remote no config names) while `network`
	 * rules deny or ask (ADR 0058).
	 */
	unresolvedDestination: "<unresolved-destination>",
} as const;

export type BashSentinel = (typeof BASH_SENTINELS)[keyof typeof BASH_SENTINELS];

/** True for a floor's sentinel (the runner may reconcile such an ask with yolo; it is not a rule's action). */
export function isBashSentinel(pattern: string | null): pattern is BashSentinel {
	return pattern !== null && (Object.values(BASH_SENTINELS) as string[]).includes(pattern);
}

/** Who asked: the agent, its session, and whether it is a subagent. */
export interface PromptRequester {
	readonly agentName: string | null;
	readonly sessionId: string | null;
	/** True when the asking session is a subagent (its ask is or may be forwarded to a parent). */
	readonly subagent: boolean;
}

/** The invariant facts: no renderer omits one (a long one is shortened with a mark, never dropped). */
export interface PromptRequestFacts {
	readonly requester: PromptRequester;
	/** The gate surface the rule fired on (`bash`, `path`, `external_directory`, `mcp`, `skill`, a tool name). */
	readonly surface: string;
	/** The gated tool name; `null` when the ask is not tool-shaped (a `/skill:` input). */
	readonly toolName: string | null;
	/** The name the model used when a shell alias re-exposes bash; `null` otherwise. */
	readonly invokedToolName: string | null;
	/** The decision-relevant value, exactly as the decision event carries it. */
	readonly value: string;
	/** The matched rule's pattern or a sentinel such as `<opaque-bash-wrapper>`; `null` when none matched. */
	readonly matchedPattern: string | null;
	/** Where the matched rule came from; `null` when no rule matched (a sentinel). */
	readonly ruleOrigin: RuleOrigin | null;
	/** The offending bash unit's nesting context, when nested. */
	readonly commandContext: BashCommandContext | null;
	/** What a wrapper really runs (`sudo rm x` runs `rm x`); `null` when unknown or equal to `value`. */
	readonly executedUnit: string | null;
}

/** One complete, labelled piece of evidence; a render shows it whole or not at all. */
export interface PromptEvidence {
	readonly label: string;
	readonly text: string;
	/** A secondary fact bound to this entry, e.g. the canonical form of a path, or a unit's context. */
	readonly detail: string | null;
}

/** Render hints over the payload; none is a fact. */
export type PromptAnnotation =
	/** The flagged element's span in one evidence entry's text (UTF-16 offsets, end exclusive). */
	| { readonly kind: "highlight"; readonly evidenceIndex: number; readonly start: number; readonly end: number }
	/** The pattern a "for this session" approval would record. */
	| { readonly kind: "session-suggestion"; readonly text: string }
	/** An advisory from a named source (e.g. a model judge); shown as attributed, never as a fact. */
	| { readonly kind: "advisory"; readonly source: string; readonly text: string };

/**
 * Who may answer an ask, fixed by the engine where the ask is raised and read at its origin however far it is
 * forwarded: `person`, only the human at the terminal, once (a protected target: no authorizer link, no session or
 * persisted grant); `any-authorizer`, the authorizer chain's links before the terminal, with every grant scope.
 */
export type AnswerableBy = "person" | "any-authorizer";

export const ANSWERABLE_BY: readonly AnswerableBy[] = ["person", "any-authorizer"];

/** Who forwarded an ask to the serving session. */
export interface ForwardingProvenance {
	readonly requesterAgentName: string | null;
	readonly requesterSessionId: string | null;
}

interface PayloadCore<K extends PromptPayloadKind> {
	readonly kind: K;
	readonly request: PromptRequestFacts;
	readonly evidence: readonly PromptEvidence[];
	readonly annotations: readonly PromptAnnotation[];
}

/** An ask raised in this session. */
export interface LocalPromptPayload extends PayloadCore<Exclude<PromptPayloadKind, "forwarded">> {
	readonly answerableBy: AnswerableBy;
}

/**
 * A child's ask served here: `request` is the child's facts with the requester re-stamped from the provenance;
 * the child's evidence and annotations stay on `child`, and `evidence` holds only what forwarding adds.
 */
export interface ForwardedPromptPayload extends PayloadCore<"forwarded"> {
	readonly forwarding: ForwardingProvenance;
	readonly child: PromptPayload;
}

export type PromptPayload = LocalPromptPayload | ForwardedPromptPayload;

/** The payload that was raised where the tool call happened (the end of the forwarding chain). */
export function originPayload(payload: PromptPayload): LocalPromptPayload {
	let current: PromptPayload = payload;
	while (current.kind === "forwarded") current = current.child;
	return current;
}

/** Every hop of a forwarded ask, outermost first; empty for a local ask. */
export function forwardingHops(payload: PromptPayload): readonly ForwardingProvenance[] {
	const hops: ForwardingProvenance[] = [];
	let current: PromptPayload = payload;
	while (current.kind === "forwarded") {
		hops.push(current.forwarding);
		current = current.child;
	}
	return hops;
}
