import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";
import { ALLOWED_COMPOSITIONS, DENY_RM_POLICY, EVASION_ROWS } from "./bash-evasion.cases";

describe("ToolCallPipeline under rm *: deny", () => {
	const engine = createEngine({ config: DENY_RM_POLICY });

	it("holds at least 60 evasion attempts", () => {
		expect(EVASION_ROWS.length).toBeGreaterThanOrEqual(60);
	});

	it.each(EVASION_ROWS)("$id never allows $command", ({ command }) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(["deny", "ask"]).toContain(decision.combined.state);
	});
});

describe("ToolCallPipeline under a policy allowing every unit", () => {
	const engine = createEngine({ config: { permission: { "*": "allow", bash: "allow" } } });

	it.each(ALLOWED_COMPOSITIONS)("$id allows $command without a prompt", ({ command }) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(decision.outcomes.map((outcome) => [outcome.gate, outcome.state])).toEqual([["tool", "allow"]]);
	});
});
