import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

/** ADR 0031: the allowlist of its text, and the commands it names. */
const ALLOWLIST = {
	permission: {
		"*": "ask",
		path: "allow",
		bash: { "*": "ask", "find *": "allow", "grep *": "allow", "xargs *": "allow", "time *": "allow", "git *": "allow" },
	},
};

describe("ADR 0031: wrappers are judged by what they run", () => {
	const engine = createEngine({ config: ALLOWLIST });

	it.each(["find . -name '*.ts' -exec grep -l foo {} +", "find . -name '*.ts' | xargs grep -l foo", "time git status"])(
		"allows %j under an allowlist of the programs it runs",
		(command) => {
			expect(engine.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
		},
	);

	it("still denies find . -exec rm {} \\; under rm *: deny", () => {
		const denyRm = createEngine({ config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } } } });
		expect(denyRm.pipeline.decide(bashCall("find . -exec rm {} \\;")).combined.state).toBe("deny");
	});
});
