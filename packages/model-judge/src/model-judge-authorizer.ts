/**
 * Owns: the `model-judge` chain link: the ask's facts, the capability that applies, every failure as `defer` logged
 * with its reason and latency through the chain's `AuthorityLog`.
 * Never: throws or rejects, allows on a `path` or `external_directory` ask, or sees more than the ask's facts.
 */
import type {
	AskDetails,
	AuthorityLog,
	Authorizer,
	AuthorizerVerdict,
	Clock,
	PolicyLookup,
} from "@pi-permissions/authority";
import { CROSS_CUTTING_PATH_SURFACES, type Result } from "@pi-permissions/policy";
import type { JudgeConfigIssue } from "./config/judge-config-issue";
import type { LoadedJudgeConfig } from "./config/judge-config-loader";
import type { JudgeModelRegistry } from "./model/judge-model-client";
import { askFacts } from "./review/ask-facts";
import { failureReason, type JudgeFailure, oneLine } from "./review/judge-failure";
import { reviewOpaqueCommand } from "./review/opaque-command-review";
import type { ReviewInputs, ReviewOutcome } from "./review/review-outcome";
import { reviewTypoPath } from "./review/typo-path-review";

/** The name the operator lists in `authorizerChain`. */
export const MODEL_JUDGE_NAME = "model-judge";

/** What the link knows about its session; `null` before `session_start` has been seen. */
export interface JudgeSessionState {
	readonly config: Result<LoadedJudgeConfig | null, readonly JudgeConfigIssue[]>;
	readonly registry: JudgeModelRegistry;
}

interface ModelJudgeAuthorizerDeps {
	/** The session's state, read per ask (a reload applies from the next ask). Must not throw. */
	readonly session: () => JudgeSessionState | null;
	readonly clock: Clock;
}

type Capability = "typo-paths" | "opaque-commands";

const CAPABILITIES: readonly {
	readonly name: Capability;
	readonly review: (inputs: ReviewInputs) => Promise<ReviewOutcome>;
}[] = [
	{ name: "typo-paths", review: reviewTypoPath },
	{ name: "opaque-commands", review: reviewOpaqueCommand },
];

const DEFER: AuthorizerVerdict = { verdict: "defer" };

export class ModelJudgeAuthorizer implements Authorizer {
	constructor(private readonly deps: ModelJudgeAuthorizerDeps) {}

	async authorize(details: AskDetails, query: PolicyLookup, log: AuthorityLog): Promise<AuthorizerVerdict> {
		const started = this.deps.clock.now();
		const record = (failure: JudgeFailure, capability: Capability | null, modelCalled: boolean): AuthorizerVerdict => {
			this.logFailure(log, details.requestId, failure, capability, modelCalled, started);
			return DEFER;
		};
		let capability: Capability | null = null;
		try {
			const session = this.deps.session();
			if (session === null) return record({ kind: "no-config" }, null, false);
			if (!session.config.ok) {
				const first = session.config.error[0];
				const detail = first === undefined ? "unknown" : `${first.file ?? "merged config"}: ${first.message}`;
				return record({ kind: "config-invalid", detail: oneLine(detail) }, null, false);
			}
			const loaded = session.config.value;
			if (loaded === null) return record({ kind: "no-config" }, null, false);
			const facts = askFacts(details);
			const inputs: ReviewInputs = {
				facts,
				loaded,
				registry: session.registry,
				clock: this.deps.clock,
				query,
				...(details.signal === undefined ? {} : { signal: details.signal }),
			};
			for (const entry of CAPABILITIES) {
				capability = entry.name;
				const outcome = await entry.review(inputs);
				switch (outcome.kind) {
					case "not-selected":
						continue;
					case "failed":
						return record(outcome.failure, entry.name, outcome.modelCalled);
					case "verdict": {
						const verdict = capAllow(outcome.verdict, facts.surface);
						this.logReview(log, details.requestId, entry.name, verdict, outcome, started);
						return verdict;
					}
					default: {
						const unhandled: never = outcome;
						throw new Error(`unhandled outcome ${String(unhandled)}`);
					}
				}
			}
			return DEFER;
		} catch (error) {
			return record(
				{ kind: "threw", detail: oneLine(error instanceof Error ? error.message : String(error)) },
				capability,
				false,
			);
		}
	}

	private logReview(
		log: AuthorityLog,
		requestId: string,
		capability: Capability,
		verdict: AuthorizerVerdict,
		outcome: { readonly note: string; readonly modelCalled: boolean },
		started: number,
	): void {
		try {
			log.event("authorizer_link_reviewed", {
				requestId,
				name: MODEL_JUDGE_NAME,
				capability,
				verdict: verdict.verdict,
				note: outcome.note,
				modelCalled: outcome.modelCalled,
				latencyMs: Math.max(0, this.deps.clock.now() - started),
			});
		} catch {
			// The log must not throw; if it does, the entry is lost and the verdict stands.
		}
	}

	private logFailure(
		log: AuthorityLog,
		requestId: string,
		failure: JudgeFailure,
		capability: Capability | null,
		modelCalled: boolean,
		started: number,
	): void {
		try {
			log.event("authorizer_link_failed", {
				requestId,
				name: MODEL_JUDGE_NAME,
				reason: failureReason(failure),
				failure: failure.kind,
				capability,
				modelCalled,
				latencyMs: Math.max(0, this.deps.clock.now() - started),
			});
		} catch {
			// The log must not throw; if it does, the entry is lost and the ask still defers.
		}
	}
}

/** SECURITY: the judge never allows a path-shaped ask, whatever a capability returned (the envelope agrees). */
function capAllow(verdict: AuthorizerVerdict, surface: string): AuthorizerVerdict {
	if (verdict.verdict === "allow" && (CROSS_CUTTING_PATH_SURFACES.has(surface) || surface === "")) {
		return DEFER;
	}
	return verdict;
}
