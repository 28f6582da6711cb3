/**
 * Owns: `GateOutcome`, what one gate decided for one tool call, the gate names, and the combination rule
 * (most restrictive wins, the first gate on a tie).
 * Never: evaluates policy or talks to anyone; gates build outcomes and the runner acts on them.
 */
import { type PermissionState, type RuleOrigin, restrictiveness, type SessionSuggestion } from "@pi-permissions/policy";
import type { LocalPromptPayload } from "@pi-permissions/presentation";
import type { ForwardedAccessFacts } from "./access-facts";

/**
 * The gates, in the order they run: the one source of that order (the pipeline runs its gates by it; the docs point
 * here). `unknown-tool` refuses a tool Pi does not offer before any policy is read; `skill-input` alone decides a
 * `/skill:` invocation, which is no tool call; the rest run in this order for every call, the first deny stopping.
 */
export const GATE_ORDER = [
	"unknown-tool",
	"skill-input",
	"skill-read",
	"path",
	"external-directory",
	"bash-external-directory",
	"bash-path",
	"bash-recursive-read",
	"bash-write",
	// ADR 0058: where a command sends data, judged by the `network` rules only.
	"network",
	"protected-target",
	"tool",
	// ADR 0054: plan mode's denials and asks, after every rule has spoken (it only ever adds a deny or an ask).
	"mode",
] as const satisfies readonly string[];

export type GateName = (typeof GATE_ORDER)[number];

/**
 * Why the state is what it is: a rule (its `origin` says which scope, session, yolo, fail-closed or builtin), a floor
 * raised after resolution (a bash sentinel; yolo may reconcile it), a protected target (only the human at the
 * terminal may answer it: never yolo, a session grant or an authorizer link), a Pi infrastructure read, or a tool
 * that Pi does not offer (refused before policy).
 */
export type OutcomeBasis = "rule" | "floor" | "protected" | "infrastructure-read" | "unknown-tool";

export interface GateOutcome {
	readonly gate: GateName;
	/** The policy surface the decision was made on (`bash`, `path`, `external_directory`, `mcp`, `skill`, a tool). */
	readonly surface: string;
	/** The decision value: a bash unit, a path, an MCP target, a skill name, or `*` for a whole tool. */
	readonly value: string;
	readonly state: PermissionState;
	/** The deciding pattern, a bash sentinel, or `null` when a universal or built-in default decided. */
	readonly matchedPattern: string | null;
	/** The deciding rule's origin (for a floor, the rule it raised); `null` when none (an infrastructure read). */
	readonly origin: RuleOrigin | null;
	readonly basis: OutcomeBasis;
	/** The operator's deny reason, or the refusal text of an unknown tool. */
	readonly reason: string | null;
	/** The complete ask description; built for `ask` and `deny` (the denial names it), `null` for `allow`. */
	readonly payload: LocalPromptPayload | null;
	/** What a "for this session" answer would grant; only on `ask`, `null` when none may be offered. */
	readonly suggestion: SessionSuggestion | null;
	/**
	 * What this ask fixes about the access for a forwarding hop, built by the deciding gate from the call's one parse
	 * (ADR 0041); only on `ask`, `null` when a serving session must put it to a human (a protected target).
	 */
	readonly access: ForwardedAccessFacts | null;
}

/** The most restrictive outcome (deny > ask > allow), the earliest on a tie; `null` for no outcomes. */
export function mostRestrictiveOutcome(outcomes: readonly GateOutcome[]): GateOutcome | null {
	let best: GateOutcome | null = null;
	for (const outcome of outcomes) {
		if (best === null || restrictiveness(outcome.state) > restrictiveness(best.state)) best = outcome;
	}
	return best;
}
