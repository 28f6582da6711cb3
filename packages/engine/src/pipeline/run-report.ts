/**
 * Owns: `RunReport` and `reportOf`, the one account of what a traced run decided (allow, deny, or the ask nobody
 * answered) and on what, read by the CLI (`check`, `explain`, `eval`, `test`) and the adapter (policy examples) alike.
 * Never: decides or re-runs anything; it reads the verdict, the facts and the asks of one `RunTrace`.
 */
import type { PermissionState, RuleOrigin, SessionSuggestion } from "@pi-permissions/policy";
import type { GateName } from "../gates/gate-outcome";
import type { DecisionFact, DecisionResolution } from "./decision-fact";
import type { RunTrace } from "./gate-runner";

export interface RunReport {
	/** `ask` when the run blocked only because nobody answered its ask (`confirmation_unavailable`). */
	readonly action: PermissionState;
	/** The gate whose result is reported; `null` for a gate error raised before any gate. */
	readonly gate: GateName | null;
	readonly surface: string | null;
	/** The value the deciding gate judged (a bash unit, a path, an MCP target, `*` for a whole tool). */
	readonly value: string | null;
	readonly matchedPattern: string | null;
	readonly origin: RuleOrigin | null;
	/** The operator's deny reason, the refusal's, or what failed for a gate error. */
	readonly reason: string | null;
	/** What a "for this session" answer would grant; only on `ask`. */
	readonly suggestion: SessionSuggestion | null;
	/** How the adapter records it (`policy_allow`, `auto_approved`, `gate_error`, …); an unanswered ask is `ask`. */
	readonly resolution: DecisionResolution | "ask";
}

/**
 * The report of one traced run. An allow names the yolo approval or the sandbox's answer that let it through when
 * there is one (without it the call would have asked there; the sandbox's says what holds the ask, ADR 0059), else the
 * last gate that passed; a block that only an unanswered ask caused is that ask; any other block names the fact that
 * refused it.
 */
export function reportOf(trace: Pick<RunTrace, "verdict" | "facts" | "asks">): RunReport {
	const { verdict, facts } = trace;
	switch (verdict.kind) {
		case "allow": {
			const fact =
				facts.findLast((candidate) => candidate.decidedBy === "yolo" || candidate.decidedBy === "sandbox") ??
				facts.at(-1);
			return {
				action: "allow",
				gate: fact?.gate ?? null,
				...decidedOn(fact),
				reason: fact?.decidedBy === "sandbox" ? fact.reason : null,
				suggestion: null,
				resolution: fact?.resolution ?? "policy_allow",
			};
		}
		case "block": {
			const asked = trace.asks.at(-1);
			if (verdict.resolution === "confirmation_unavailable" && asked !== undefined) {
				const { outcome } = asked;
				return {
					action: "ask",
					gate: outcome.gate,
					surface: outcome.surface,
					value: outcome.value,
					matchedPattern: outcome.matchedPattern,
					origin: outcome.origin,
					reason: outcome.reason,
					suggestion: outcome.suggestion,
					resolution: "ask",
				};
			}
			const fact = facts.findLast((candidate) => candidate.result === "deny");
			return {
				action: "deny",
				gate: verdict.gate,
				...decidedOn(fact),
				reason: fact?.reason ?? null,
				suggestion: null,
				resolution: verdict.resolution,
			};
		}
		default: {
			const unhandled: never = verdict;
			throw new Error(`unhandled verdict ${String(unhandled)}`);
		}
	}
}

/** What the reported fact was decided on and by which rule; all `null` without a fact (a gate error before any). */
function decidedOn(fact: DecisionFact | undefined): Pick<RunReport, "surface" | "value" | "matchedPattern" | "origin"> {
	return {
		surface: fact?.surface ?? null,
		value: fact?.value ?? null,
		matchedPattern: fact?.matchedPattern ?? null,
		origin: fact?.origin ?? null,
	};
}
