/**
 * Owns: whether one step behaved as captioned: each call's decision (from the `permissions:decision` events observed
 * on the buses) against the expected result and decider, the number of dialogs shown, and the step's side effects.
 * Never: prints, or trusts what the demo itself scripted over what pi-permissions published.
 */
import type { DecisionFact } from "@pi-permissions/pi-extension";
import type { DemoCall, DemoStep, StepCheck } from "./demo-steps";
import type { StepEntry } from "./step-record";

interface CheckOutcome {
	readonly caption: string;
	readonly ok: boolean;
}

export interface StepVerdict {
	readonly ok: boolean;
	/** One line per way the step differed from its caption. */
	readonly problems: readonly string[];
	readonly checks: readonly CheckOutcome[];
}

/** Answers a side-effect check against the real disk. Must not throw. */
type PathProbe = (check: Extract<StepCheck, { kind: "exists" }>) => boolean;

export function judgeStep(step: DemoStep, entries: readonly StepEntry[], exists: PathProbe): StepVerdict {
	const problems: string[] = [];
	const facts = entries.flatMap((entry) => (entry.kind === "decision" ? [entry] : []));
	for (const call of step.calls) {
		const own = facts.filter((entry) => entry.source === step.actor && entry.fact.toolCallId === call.id);
		const problem = judgeCall(
			call,
			own.map((entry) => entry.fact),
		);
		if (problem !== null) problems.push(problem);
	}
	const ownIds = new Set(step.calls.map((call) => call.id));
	for (const entry of facts) {
		if (entry.source === step.actor && entry.fact.toolCallId !== null && ownIds.has(entry.fact.toolCallId)) continue;
		// A serving parent may publish its own decision for a forwarded ask; it must agree with the step's calls.
		const agrees = step.actor === "subagent" && step.calls.every((call) => call.expect.result === entry.fact.result);
		if (!agrees)
			problems.push(`unexpected decision: ${entry.fact.result} ${entry.fact.toolName} by ${entry.fact.decidedBy}`);
	}
	const dialogs = entries.filter((entry) => entry.kind === "dialog").length;
	const expectedDialogs = step.calls.filter((call) => call.expect.dialog).length;
	if (dialogs !== expectedDialogs) problems.push(`expected ${expectedDialogs} dialog(s), the human saw ${dialogs}`);
	const checks = step.checks.map((check) => ({ caption: check.caption, ok: runCheck(check, entries, exists) }));
	for (const check of checks) if (!check.ok) problems.push(`check failed: ${check.caption}`);
	return { ok: problems.length === 0, problems, checks };
}

function judgeCall(call: DemoCall, facts: readonly DecisionFact[]): string | null {
	const expected = `${call.expect.result} by ${call.expect.decidedBy}`;
	if (facts.length === 0) return `${call.id}: expected ${expected}, no decision was published`;
	// INVARIANT: any deny among a call's facts blocks it; otherwise the last fact is the call's decision.
	const decisive = facts.find((fact) => fact.result === "deny") ?? facts[facts.length - 1];
	if (decisive === undefined) return `${call.id}: expected ${expected}, no decision was published`;
	if (decisive.result === call.expect.result && decisive.decidedBy === call.expect.decidedBy) return null;
	const reason = decisive.reason === null ? "" : ` (${decisive.reason})`;
	return `${call.id}: expected ${expected}, observed ${decisive.result} by ${decisive.decidedBy}${reason}`;
}

function runCheck(check: StepCheck, entries: readonly StepEntry[], exists: PathProbe): boolean {
	switch (check.kind) {
		case "exists":
			return exists(check);
		case "hidden-from-model":
			return entries.every((entry) => entry.kind !== "result" || !entry.text.includes(check.text));
		default: {
			const unhandled: never = check;
			throw new Error(`unhandled step check ${String(unhandled)}`);
		}
	}
}
