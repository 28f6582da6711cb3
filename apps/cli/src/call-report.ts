/**
 * Owns: `CallReport`, the decision the CLI prints for one call (`check`, `explain` and every `eval` line), built from
 * what the runner did: allow, deny (a policy deny or a gate error) or ask (the ask the escalator was handed).
 * Never: decides; it reads the verdict, the pipeline decision and the decision facts of one `CliEngine.decide`.
 */
import type { DecisionFact, GateName } from "@pi-permissions/engine";
import type { PermissionState, RuleOrigin, SessionSuggestion } from "@pi-permissions/policy";
import type { DecidedCall } from "./cli-engine";

export interface CallReport {
	readonly action: PermissionState;
	/** The gate whose result is reported; `null` for a gate error raised before any gate. */
	readonly gate: GateName | null;
	readonly surface: string | null;
	/** The value the deciding gate judged (a bash unit, a path, an MCP target, `*` for a whole tool). */
	readonly value: string | null;
	readonly matchedPattern: string | null;
	readonly origin: RuleOrigin | null;
	/** The operator's deny reason, or what failed for a gate error. */
	readonly reason: string | null;
	/** What a "for this session" answer would grant; only on `ask`. */
	readonly suggestion: SessionSuggestion | null;
	/** How the adapter would record it (`policy_allow`, `auto_approved`, `gate_error`, …; an ask is `ask`). */
	readonly resolution: string;
}

export function callReport(decided: DecidedCall): CallReport {
	const { verdict } = decided;
	switch (verdict.kind) {
		case "allow": {
			// The last fact is the last gate that passed (the per-tool gate), or the yolo reconciliation of a floor.
			const fact = decided.facts.findLast((candidate) => candidate.decidedBy === "yolo") ?? decided.facts.at(-1);
			return {
				action: "allow",
				gate: fact?.gate ?? null,
				...decidedOn(fact),
				reason: null,
				suggestion: null,
				resolution: fact?.resolution ?? "policy_allow",
			};
		}
		case "block": {
			if (verdict.resolution === "confirmation_unavailable" && decided.asked !== null) {
				const outcome = decided.asked.outcome;
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
			const fact = decided.facts.findLast((candidate) => candidate.result === "deny");
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

/** The `eval` line of a report (the wire shape docs/architecture.md names, in that key order). */
export function evalRecord(id: string, report: CallReport): Record<string, unknown> {
	return {
		id,
		action: report.action,
		surface: report.surface,
		matchedPattern: report.matchedPattern,
		origin: report.origin,
		gate: report.gate,
		suggestion: report.suggestion,
		reason: report.reason,
	};
}

/** What the reported fact was decided on and by which rule; all `null` without a fact (a gate error before any). */
function decidedOn(
	fact: DecisionFact | undefined,
): Pick<CallReport, "surface" | "value" | "matchedPattern" | "origin"> {
	return {
		surface: fact?.surface ?? null,
		value: fact?.value ?? null,
		matchedPattern: fact?.matchedPattern ?? null,
		origin: fact?.origin ?? null,
	};
}
