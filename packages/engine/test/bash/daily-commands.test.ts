import { afterAll, describe, expect, it } from "vitest";
import { bashCall, createEngine, realProbe } from "../support/engine-fixture";
import { createTmpProject } from "../support/tmp-project";
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

	// Issue 34: the recursive-read gate walks the real tree; a project holding a denied `.env` beside its sources
	// still runs every daily command without a prompt (their trees are named, filtered by name, or skip hidden files).
	const project = createTmpProject({
		files: [".env", "package.json", "src/index.ts", "src/a.ts", "src/a.test.ts", "tests/test_api.py", "build.log"],
	});
	afterAll(() => project.remove());
	const withSecret = createEngine({
		config: { permission: { ...DAILY_ALLOWLIST.permission, path: { "*": "allow", "*.env": "deny" } } },
		cwd: project.cwd,
		home: project.home,
		probe: realProbe(),
	});
	it.each(DAILY_COMMANDS)("allows %j in a real project holding a denied .env, with no prompt", (command) => {
		expect(withSecret.pipeline.decide(bashCall(command)).combined.state).toBe("allow");
	});
});
