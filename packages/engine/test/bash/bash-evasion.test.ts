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

describe("rules meet the words bash runs, whatever the spacing and quoting of the source", () => {
	const engine = createEngine({
		config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push *": "deny" } } },
	});

	it.each([
		"rm\tx",
		"rm\\\n x",
		"rm<<<y x",
		"rm  x",
		"git 'push' origin main",
		'git "push" origin main',
		"git pu\\sh origin main",
		"git  push origin main",
		"git\tpush origin main",
		"git push'' origin main",
	])("denies %j by its rule", (command) => {
		expect(engine.pipeline.decide(bashCall(command)).combined).toMatchObject({ state: "deny", gate: "tool" });
	});

	it("still allows what no deny names, quoted or not", () => {
		for (const command of ["git status", "git 'status'", "echo 'rm x'", 'echo "a\tb"', "git log --grep='push'"])
			expect(engine.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
	});
});

describe("text the grammar reads as one opaque token although bash runs code in it", () => {
	const engine = createEngine({ config: DENY_RM_POLICY });

	it.each([
		"echo $'\\\\' ; rm x #'",
		"echo $'a\\\\' ; rm -rf y #'",
		"x=$'\\\\' ; rm x #'",
		"echo ${PWD#$(rm x)}",
		"echo ${PWD%<(rm x)}",
		"[[ a =~ $(rm x) ]]",
	])("never allows %j (unparseable: asks)", (command) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(["deny", "ask"]).toContain(decision.combined.state);
	});

	it("keeps well-formed ANSI-C strings and plain pattern operands decidable", () => {
		for (const command of ["echo $'a\\tb'", "echo $'it\\'s'", "echo $'\\\\'", "echo ${PWD#/tmp}", "[[ a =~ ^a$ ]]"])
			expect(engine.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
	});
});
