import { describe, expect, it } from "vitest";
import { type DecisionFact, gateErrorFact } from "../../src/pipeline/decision-fact";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { CFG_A } from "../bash/bash-command-check.cases";
import { bashCall, call, createEngine } from "../support/engine-fixture";

describe("gateErrorFact", () => {
	it("is a deny resolved and decided by gate_error, on no gate when none decided yet", () => {
		const fact = gateErrorFact({ toolName: "read", toolCallId: "t1", agentName: "ops" }, "req-1", null, "boom");
		expect(fact).toEqual({
			requestId: "req-1",
			toolCallId: "t1",
			toolName: "read",
			agentName: "ops",
			gate: null,
			surface: null,
			value: null,
			matchedPattern: null,
			origin: null,
			result: "deny",
			resolution: "gate_error",
			decidedBy: "gate_error",
			reason: "boom",
			payload: null,
			sessionPatterns: [],
		});
	});

	it("is the fact the runner emits when deciding throws before any gate", async () => {
		const engine = createEngine({ config: { permission: { "*": "allow" } } });
		const facts: DecisionFact[] = [];
		const runner = new GateRunner({
			pipeline: {
				decide: () => {
					throw new Error("config exploded");
				},
				decideSkillInput: () => {
					throw new Error("unreachable");
				},
			},
			escalator: { escalate: () => Promise.reject(new Error("never asked")) },
			sink: { emit: (fact) => facts.push(fact) },
			ids: { next: () => "req-x" },
			sessionRules: engine.store,
		});
		const failing = call("read", { path: "a" }, "ops");
		await runner.run(failing);
		expect(facts).toEqual([gateErrorFact(failing, "req-x", null, "config exploded")]);
	});

	it("is the fact the runner emits when an escalation fails, on the asking gate's outcome", async () => {
		const engine = createEngine({ config: CFG_A });
		const facts: DecisionFact[] = [];
		const runner = new GateRunner({
			pipeline: engine.pipeline,
			escalator: { escalate: async () => ({ kind: "failed", reason: "the authority broke" }) },
			sink: { emit: (fact) => facts.push(fact) },
			ids: { next: () => "req-1" },
			sessionRules: engine.store,
		});
		const asking = bashCall("git push");
		const outcome = engine.pipeline.decide(asking).combined;
		await runner.run(asking);
		// The runner adds what it parsed of the bash call (issue 40: every bash record names its programs).
		expect(facts).toEqual([
			{
				...gateErrorFact(asking, "req-1", outcome, "the authority broke"),
				bash: { command: "git push", commands: ["git"], commandsOmitted: 0 },
			},
		]);
	});
});
