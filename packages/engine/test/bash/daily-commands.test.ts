import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";
import { DAILY_ALLOWLIST, DAILY_COMMANDS, DENY_RM } from "./daily-commands.cases";

describe("ToolCallPipeline on the commands coding agents run daily", () => {
	it("holds 120 commands", () => {
		expect(DAILY_COMMANDS.length).toBe(120);
		expect(new Set(DAILY_COMMANDS).size).toBe(DAILY_COMMANDS.length);
	});

	const allowlist = createEngine({ config: DAILY_ALLOWLIST });
	it.each(DAILY_COMMANDS)("allows %j under an allowlist of the programs it runs, with no prompt", (command) => {
		const decision = allowlist.pipeline.decide(bashCall(command)).combined;
		expect([decision.state, decision.matchedPattern]).toEqual(["allow", expect.anything()]);
	});

	const denyRm = createEngine({ config: DENY_RM });
	it.each(DAILY_COMMANDS)("allows %j under rm *: deny, with no prompt", (command) => {
		expect(denyRm.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
	});
});
