import { describe, expect, it } from "vitest";
import type { AskAnswer, AskEscalator, AskRequest } from "../../src/pipeline/ask-escalator";
import type { DecisionFact } from "../../src/pipeline/decision-fact";
import { GateRunner } from "../../src/pipeline/gate-runner";
import { bashCall, createEngine } from "../support/engine-fixture";

/**
 * One call, one person's answer: `touch notes/a.txt` under `"*": "ask"` asks at the write gate and at the bash gate;
 * a person who approves the first approves the call. A rule's or an authorizer link's approval covers its own ask only.
 */
function run(answers: readonly AskAnswer[], command = "touch notes/a.txt") {
	const engine = createEngine({ config: { permission: { "*": "ask" } } });
	const asks: AskRequest[] = [];
	const escalator: AskEscalator = {
		async escalate(ask) {
			asks.push(ask);
			const answer = answers[asks.length - 1];
			if (answer === undefined) throw new Error("unexpected ask");
			return answer;
		},
	};
	const facts: DecisionFact[] = [];
	let n = 0;
	const runner = new GateRunner({
		pipeline: engine.pipeline,
		escalator,
		sink: { emit: (fact) => facts.push(fact) },
		ids: { next: () => `req-${++n}` },
		sessionRules: engine.store,
	});
	return { verdict: runner.run(bashCall(command)), asks, facts, engine };
}

describe("GateRunner.run with several asks in one call", () => {
	it("asks both gates in turn when no person has answered yet (the precondition of this file)", async () => {
		const h = run([
			{ kind: "allow-once", decidedBy: "authorizer:judge", byPerson: false },
			{ kind: "allow-once", decidedBy: "authorizer:judge", byPerson: false },
		]);
		expect((await h.verdict).kind).toBe("allow");
		expect(h.asks.map((ask) => ask.outcome.gate)).toEqual(["bash-write", "tool"]);
	});

	it("lets one person's approval settle the call's later asks, recorded as that person's", async () => {
		const h = run([{ kind: "allow-once", decidedBy: "user", byPerson: true }]);
		expect((await h.verdict).kind).toBe("allow");
		expect(h.asks).toHaveLength(1);
		expect(h.facts.map((fact) => [fact.gate, fact.result, fact.decidedBy])).toEqual([
			["bash-write", "allow", "user"],
			["tool", "allow", "user"],
		]);
	});

	it("grants for the session only the pattern the person was shown", async () => {
		const h = run([{ kind: "allow-session", decidedBy: "user", byPerson: true }]);
		await h.verdict;
		expect(h.engine.store.list().every((grant) => grant.rule.surface !== "bash")).toBe(true);
	});

	it("still stops the call when a person denies the first ask", async () => {
		const h = run([{ kind: "deny", decidedBy: "user", reason: null }]);
		expect((await h.verdict).kind).toBe("block");
		expect(h.asks).toHaveLength(1);
	});

	it("never lets it settle a protected target's ask, which a person answers on its own", async () => {
		const h = run(
			[
				{ kind: "allow-once", decidedBy: "user", byPerson: true },
				{ kind: "deny", decidedBy: "user", reason: null },
			],
			"echo x > .pi/settings.json",
		);
		expect((await h.verdict).kind).toBe("block");
		expect(h.asks.map((ask) => ask.outcome.basis)).toContain("protected");
	});
});
