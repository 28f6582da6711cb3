/**
 * Owns: `GateRunner`, acting on a pipeline decision: it mints one request id per permission request before any
 * branch, walks the outcomes in gate order (an approved ask continues to the next gate), reconciles a residual floor
 * with yolo in this one place (through `reconcileFloorWithYolo`: approve, or deny an incomplete analysis while the
 * policy denies), records the asks the OS sandbox answers (`sandboxAnswer`, ADR 0059), hands real asks to the
 * `AskEscalator`, records "for this session" answers, emits a decision fact for every request, and turns any throw
 * into a `gate_error` block (fail closed). Over 400 lines: each resolution branch is one step of the one walk.
 * Never: evaluates policy itself or renders anything but the agent-facing block reason.
 */
import type { SessionRuleStore } from "@pi-permissions/policy";
import {
	AGENT_TAG,
	type Decider,
	type IdGenerator,
	INVALID_CONFIG_EVIDENCE_LABEL,
	type InvalidScope,
	invalidConfigEvidence,
	type LocalPromptPayload,
	renderAgentDenial,
} from "@pi-permissions/presentation";
import type { GateName, GateOutcome } from "../gates/gate-outcome";
import { type SkillInvocation, skillInputCall } from "../gates/skill-input-gate";
import { type SandboxAnswered, sandboxAnswer } from "../sandbox/sandbox-answer";
import { recordSessionApproval } from "../session/session-approval";
import type { AskAnswer, AskEscalator, AskRequest } from "./ask-escalator";
import { type BashCommandRecord, bashCommandRecord } from "./bash-command-record";
import {
	type DecisionFact,
	type DecisionResolution,
	type DecisionSink,
	type FactBase,
	factBase,
	gateErrorFact,
} from "./decision-fact";
import { matchingRules, type TracedRule } from "./rule-trace";
import type { ToolCall } from "./tool-call";
import type { PipelineDecision } from "./tool-call-pipeline";
import { reconcileFloorWithYolo } from "./yolo-floor";

/** What the pipeline must offer the runner. */
interface DecidingPipeline {
	/** May throw; the runner blocks the call as a gate error. */
	decide(call: ToolCall): PipelineDecision;
	/** May throw; the runner blocks the invocation as a gate error. */
	decideSkillInput(invocation: SkillInvocation): PipelineDecision;
}

export interface GateRunnerOptions {
	readonly pipeline: DecidingPipeline;
	readonly escalator: AskEscalator;
	readonly sink: DecisionSink;
	readonly ids: IdGenerator;
	readonly sessionRules: SessionRuleStore;
	/**
	 * The scopes whose files are invalid now, with their files, for the note an ask the fail-closed floor raised
	 * carries (the dialog and the agent then read why, not "no matching rule"). Must not throw; absent: no files named.
	 */
	readonly invalidScopes?: () => readonly InvalidScope[];
}

export type RunVerdict =
	| { readonly kind: "allow"; readonly requestIds: readonly string[] }
	| {
			readonly kind: "block";
			/** Agent-facing text (never the bash command or tool input). */
			readonly reason: string;
			readonly gate: GateName | null;
			readonly requestId: string;
			readonly resolution: DecisionResolution;
	  };

/** One gate's outcome with every composed rule matching its value on its surface (evaluation order; the last wins). */
export interface TracedGate {
	readonly outcome: GateOutcome;
	readonly rules: readonly TracedRule[];
}

/** What a traced run observed: the verdict, the decision it acted on, every fact it emitted and every ask it made. */
export interface RunTrace {
	readonly verdict: RunVerdict;
	/** `null` when the pipeline threw before deciding (a gate error). */
	readonly decision: PipelineDecision | null;
	/** The facts emitted for this call, in order (also given to the sink). */
	readonly facts: readonly DecisionFact[];
	/** The asks handed to the escalator, in order. */
	readonly asks: readonly AskRequest[];
	/** Every gate outcome of the decision with its matching rules; empty when the pipeline threw. */
	readonly gates: readonly TracedGate[];
}

type Block = Extract<RunVerdict, { kind: "block" }>;

type Step = { readonly kind: "continue" } | Block;

/** One run's state: who approved an earlier ask of the call, what the sandbox answers, what a traced run records. */
interface RunState {
	approvedBy: Decider | null;
	/** The asks the OS sandbox answers for this call (ADR 0059), by outcome; `null`: none, the call is asked as before. */
	sandbox?: ReadonlyMap<GateOutcome, SandboxAnswered> | null;
	readonly trace: { decision: PipelineDecision | null; facts: DecisionFact[]; asks: AskRequest[] } | null;
}

const CONTINUE: Step = { kind: "continue" };

export class GateRunner {
	constructor(private readonly options: GateRunnerOptions) {}

	/** Decides and resolves one call. Never rejects: every failure is a `gate_error` block. */
	run(call: ToolCall): Promise<RunVerdict> {
		return this.runDecision(call, () => this.options.pipeline.decide(call), { approvedBy: null, trace: null });
	}

	/**
	 * Runs one call exactly as `run` does and returns what happened: the decision acted on (with its one parse), the
	 * facts emitted, the asks made, and each gate's matching rules (ADR 0041). Never rejects.
	 */
	async runTraced(call: ToolCall): Promise<RunTrace> {
		const trace: NonNullable<RunState["trace"]> = { decision: null, facts: [], asks: [] };
		const verdict = await this.runDecision(call, () => this.options.pipeline.decide(call), { approvedBy: null, trace });
		const { decision, facts, asks } = trace;
		const policy = decision?.policy ?? null;
		const gates = (decision?.outcomes ?? []).map((outcome) => ({
			outcome,
			rules: policy === null ? [] : matchingRules(policy, outcome.surface, outcome.value),
		}));
		return { verdict, decision, facts, asks, gates };
	}

	/** Decides and resolves a `/skill:` invocation like a call. Never rejects. */
	runSkillInput(invocation: SkillInvocation): Promise<RunVerdict> {
		return this.runDecision(skillInputCall(invocation), () => this.options.pipeline.decideSkillInput(invocation), {
			approvedBy: null,
			trace: null,
		});
	}

	private async runDecision(call: ToolCall, decide: () => PipelineDecision, run: RunState): Promise<RunVerdict> {
		let current: { readonly requestId: string; readonly outcome: GateOutcome } | null = null;
		let program: PipelineDecision["program"] = null;
		try {
			const decision = decide();
			program = decision.program;
			if (run.trace !== null) run.trace.decision = decision;
			const answered = sandboxAnswer(decision);
			run.sandbox = answered === null ? null : new Map(answered.map((entry) => [entry.outcome, entry]));
			this.spendSessionGrants(decision);
			// An ask before a gate that denies outright is never escalated: the call is refused whatever the answer.
			const acted =
				decision.combined.state === "deny"
					? decision.outcomes.filter((outcome) => outcome.state !== "ask")
					: decision.outcomes;
			const requestIds: string[] = [];
			// One call, one human answer: once a person approved an ask of this call, its later asks (the same command
			// seen by another gate) are approved with it, except a protected target's, which is always asked itself.
			for (const outcome of acted) {
				const requestId = this.options.ids.next();
				current = { requestId, outcome };
				requestIds.push(requestId);
				const step = await this.resolve(call, decision, outcome, requestId, run);
				if (step.kind === "block") return step;
			}
			return { kind: "allow", requestIds };
		} catch (error) {
			const requestId = current?.requestId ?? this.options.ids.next();
			const reason = error instanceof Error ? error.message : String(error);
			const bash = program === null ? undefined : bashCommandRecord(program);
			return this.gateError(run, call, requestId, current?.outcome ?? null, reason, bash);
		}
	}

	/**
	 * Every session grant that decided a gate of this call spends one use, once per call, whatever the call's end:
	 * a grant bounded to N calls decides exactly N (ADR 0057).
	 */
	private spendSessionGrants(decision: PipelineDecision): void {
		const used = new Map<string, { readonly surface: string; readonly pattern: string }>();
		for (const outcome of decision.outcomes) {
			if (outcome.state !== "allow" || outcome.origin !== "session" || outcome.matchedPattern === null) continue;
			used.set(`${outcome.surface}\0${outcome.matchedPattern}`, {
				surface: outcome.surface,
				pattern: outcome.matchedPattern,
			});
		}
		for (const { surface, pattern } of used.values()) this.options.sessionRules.recordUse(surface, pattern);
	}

	private async resolve(
		call: ToolCall,
		decision: PipelineDecision,
		outcome: GateOutcome,
		requestId: string,
		run: RunState,
	): Promise<Step> {
		// ADR 0054: every record says which mode the call was decided in.
		const fact: FactBase = {
			...factBase(call, requestId, outcome, decision.program),
			mode: decision.policy?.mode ?? null,
		};
		switch (outcome.state) {
			case "allow": {
				const [resolution, decidedBy] = allowResolution(outcome);
				this.emit(run, { ...fact, result: "allow", resolution, decidedBy });
				return CONTINUE;
			}
			case "deny":
				return this.refuse(
					run,
					fact,
					{ resolution: "policy_deny", decidedBy: "policy", reason: outcome.reason },
					policyDenialText(outcome),
				);
			case "ask": {
				if (outcome.payload === null) throw new Error(`the ${outcome.gate} gate asked without a payload`);
				const payload = this.withInvalidConfigNote(outcome, outcome.payload);
				// ADR 0059: the sandbox that runs the call holds every reason its asks carry; the fact keeps the ask.
				const bySandbox = run.sandbox?.get(outcome);
				if (bySandbox !== undefined) {
					this.emit(run, {
						...fact,
						payload,
						result: "allow",
						resolution: "sandbox_answered",
						decidedBy: "sandbox",
						reason: `${bySandbox.reason}: ${bySandbox.why}`,
					});
					return CONTINUE;
				}
				// The single yolo reconciliation: a floor raised after resolution (no rule to rewrite) is approved under
				// yolo, unless it stands for an analysis that could not see what runs while the policy denies something
				// (ADR 0023); a deny never reaches here, and a rule's ask was already rewritten at composition.
				if (decision.yolo && outcome.basis === "floor") {
					const settled = reconcileFloorWithYolo(outcome, decision.composedRules);
					switch (settled.kind) {
						case "approve":
							this.emit(run, {
								...fact,
								result: "allow",
								resolution: "auto_approved",
								decidedBy: "yolo",
								origin: "yolo",
							});
							return CONTINUE;
						case "deny":
							return this.refuse(
								run,
								{ ...fact, payload },
								{ resolution: "policy_deny", decidedBy: "yolo", reason: settled.reason },
								renderAgentDenial({ kind: "policy", subject: payload, reason: settled.agentReason }),
							);
						case "escalate":
							break;
						default: {
							const unhandled: never = settled;
							throw new Error(`unhandled yolo verdict ${String(unhandled)}`);
						}
					}
				}
				if (run.approvedBy !== null && outcome.basis !== "protected") {
					this.emit(run, { ...fact, payload, result: "allow", resolution: "user_approved", decidedBy: run.approvedBy });
					return CONTINUE;
				}
				const ask = { requestId, call, outcome, payload };
				run.trace?.asks.push(ask);
				const answer = await this.options.escalator.escalate(ask);
				// SECURITY: only a person's approval covers the call's other asks; a rule or an authorizer link answered
				// this one ask alone (a model judge's allow of a path must not approve the command too).
				if ((answer.kind === "allow-once" || answer.kind === "allow-session") && answer.byPerson === true)
					run.approvedBy = answer.decidedBy;
				return this.answered(run, call, requestId, fact, outcome, payload, answer);
			}
			default: {
				const unhandled: never = outcome.state;
				throw new Error(`unhandled state ${String(unhandled)}`);
			}
		}
	}

	/**
	 * The payload of an ask a broken config file forced, with the note naming the invalid files: raised by the
	 * fail-closed floor, or by the default (no rule, or the built-in `*`) while a scope is invalid, whose own rules
	 * would otherwise read as "no matching rule" (issue 34).
	 */
	private withInvalidConfigNote(outcome: GateOutcome, payload: LocalPromptPayload): LocalPromptPayload {
		// A floor, a protected target or an infrastructure read has its own reason: only a rule's default is explained.
		const byDefault = outcome.basis === "rule" && (outcome.origin === null || outcome.origin === "builtin");
		if (outcome.origin !== "fail-closed" && !byDefault) return payload;
		if (payload.evidence.some((entry) => entry.label === INVALID_CONFIG_EVIDENCE_LABEL)) return payload;
		const scopes = this.options.invalidScopes?.() ?? [];
		if (scopes.length === 0) return payload;
		// Appended last, so a highlight's evidence index stays put.
		return { ...payload, evidence: [...payload.evidence, ...invalidConfigEvidence(scopes)] };
	}

	private answered(
		run: RunState,
		call: ToolCall,
		requestId: string,
		fact: FactBase,
		outcome: GateOutcome,
		payload: LocalPromptPayload,
		answer: AskAnswer,
	): Step {
		const withPayload = { ...fact, payload };
		switch (answer.kind) {
			case "allow-once":
				this.emit(run, { ...withPayload, result: "allow", resolution: "user_approved", decidedBy: answer.decidedBy });
				return CONTINUE;
			case "allow-session": {
				const grants = recordSessionApproval(this.options.sessionRules, outcome.suggestion);
				this.emit(run, {
					...withPayload,
					result: "allow",
					resolution: grants.length > 0 ? "user_approved_for_session" : "user_approved",
					decidedBy: answer.decidedBy,
					sessionPatterns: grants.map((grant) => grant.rule.pattern),
				});
				return CONTINUE;
			}
			case "deny":
				return this.refuse(
					run,
					withPayload,
					{ resolution: "user_denied", decidedBy: answer.decidedBy, reason: answer.reason },
					deniedText(payload, answer),
				);
			case "unavailable":
				return this.refuse(
					run,
					withPayload,
					{ resolution: "confirmation_unavailable", decidedBy: answer.decidedBy, reason: answer.reason },
					renderAgentDenial({ kind: "unavailable", subject: payload, cause: answer.reason }),
				);
			case "failed":
				// The same fact and block as a rejected escalation (the catch in `run`): no payload, the gate-error text.
				return this.gateError(run, call, requestId, outcome, answer.reason, fact.bash);
			default: {
				const unhandled: never = answer;
				throw new Error(`unhandled answer ${String(unhandled)}`);
			}
		}
	}

	/** Refuses the call: the deny fact of `denial` over `fact`, and the agent-facing `text`. */
	private refuse(
		run: RunState,
		fact: FactBase,
		denial: { readonly resolution: DecisionResolution; readonly decidedBy: Decider; readonly reason: string | null },
		text: string,
	): Block {
		const { resolution, decidedBy, reason } = denial;
		return this.block(run, { ...fact, result: "deny", resolution, decidedBy, reason }, text);
	}

	/** Blocks the call as a gate error (deciding it failed: `reason`), with the one gate-error fact and text. */
	private gateError(
		run: RunState,
		call: ToolCall,
		requestId: string,
		outcome: GateOutcome | null,
		reason: string,
		bash: BashCommandRecord | undefined,
	): Block {
		const text = renderAgentDenial({ kind: "gate-error", toolName: call.toolName });
		const fact = gateErrorFact(call, requestId, outcome, reason);
		return this.block(run, bash === undefined ? fact : { ...fact, bash }, text);
	}

	/** Emits a deny fact and blocks naming its gate, request and resolution, so the two can never disagree. */
	private block(run: RunState, fact: DecisionFact, text: string): Block {
		this.emit(run, fact);
		return { kind: "block", reason: text, gate: fact.gate, requestId: fact.requestId, resolution: fact.resolution };
	}

	private emit(run: RunState, fact: FactBase & Pick<DecisionFact, "result" | "resolution" | "decidedBy">): void {
		run.trace?.facts.push(fact);
		try {
			this.options.sink.emit(fact);
		} catch {
			// The sink must not throw; if it does, the decision still stands (it is never turned into an allow).
		}
	}
}

function allowResolution(outcome: GateOutcome): readonly [DecisionResolution, Decider] {
	if (outcome.basis === "infrastructure-read") return ["infrastructure_auto_allowed", "infrastructure"];
	if (outcome.origin === "session") return ["session_approved", "session"];
	if (outcome.origin === "yolo") return ["auto_approved", "yolo"];
	return ["policy_allow", "policy"];
}

/** The agent-facing text of a refused ask, naming whoever refused it. */
function deniedText(payload: LocalPromptPayload, answer: Extract<AskAnswer, { kind: "deny" }>): string {
	const subject = payload;
	const reason = answer.reason;
	const denier = answer.denier ?? { kind: "user" };
	switch (denier.kind) {
		case "user":
			return renderAgentDenial({ kind: "user", subject, reason });
		case "policy":
			return renderAgentDenial({ kind: "policy", subject, reason });
		case "parent-policy":
			return renderAgentDenial({
				kind: "parent-policy",
				subject,
				pattern: denier.pattern,
				scope: denier.scope,
				reason,
			});
		case "parent-user":
			return renderAgentDenial({ kind: "parent-user", subject, reason });
		case "judge":
			return renderAgentDenial({ kind: "judge", subject, name: denier.name, inParent: denier.inParent, reason });
		default: {
			const unhandled: never = denier;
			throw new Error(`unhandled denier ${String(unhandled)}`);
		}
	}
}

function policyDenialText(outcome: GateOutcome): string {
	if (outcome.payload === null) return `${AGENT_TAG} ${outcome.reason ?? `Denied: ${outcome.surface}.`}`;
	return renderAgentDenial({ kind: "policy", subject: outcome.payload, reason: outcome.reason });
}
