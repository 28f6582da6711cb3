import { restrictiveness } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DENY_RM_POLICY } from "../bash/bash-evasion.cases";
import { bashCall, createEngine } from "../support/engine-fixture";

const engine = createEngine({ config: DENY_RM_POLICY });
const stateOf = (command: string) => restrictiveness(engine.pipeline.decide(bashCall(command)).combined.state);

const word = fc.constantFrom("rm", "ls", "echo", "cat", "x", "-rf", "a.txt", "src/b", "'q'");
const simpleCommand = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
const wrappers: readonly ((command: string) => string)[] = [
	(c) => `sudo ${c}`,
	(c) => `env ${c}`,
	(c) => `timeout 5 ${c}`,
	(c) => `nohup ${c}`,
	(c) => `bash -c '${c.replaceAll("'", "")}'`,
	(c) => `echo $(${c})`,
	(c) => `(${c})`,
	(c) => `{ ${c}; }`,
	(c) => `true && ${c}`,
	(c) => `ls | ${c}`,
	(c) => `if true; then ${c}; fi`,
	(c) => `f() { ${c}; }; f`,
];

describe("ToolCallPipeline laws", () => {
	it("never decides a wrapped command less strictly than the bare command", () => {
		fc.assert(
			fc.property(simpleCommand, fc.integer({ min: 0, max: wrappers.length - 1 }), (command, index) => {
				const wrap = wrappers[index] as (command: string) => string;
				const bare = command.replaceAll("'", "");
				expect(stateOf(wrap(bare))).toBeGreaterThanOrEqual(stateOf(bare));
			}),
			{ numRuns: 80 },
		);
	});

	it("never throws on any bash command text and always combines to the most restrictive outcome", () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 80 }), (command) => {
				const decision = engine.pipeline.decide(bashCall(command));
				const worst = Math.max(...decision.outcomes.map((outcome) => restrictiveness(outcome.state)));
				expect(restrictiveness(decision.combined.state)).toBe(worst);
			}),
			{ numRuns: 100 },
		);
	});
});
