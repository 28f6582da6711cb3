import { afterAll, describe, expect, it } from "vitest";
import { bashCall, call, createEngine, realProbe } from "../support/engine-fixture";
import { createTmpProject } from "../support/tmp-project";

const project = createTmpProject({
	files: [".env", "src/a.ts", "sub/readme.md"],
	symlinks: { settings: ".env", "sub/cfg": "../.env" },
});
afterAll(() => project.remove());

const engine = createEngine({
	config: { permission: { "*": "allow", path: { "*.env": "deny" } } },
	cwd: project.cwd,
	home: project.home,
	probe: realProbe(),
});

describe("ToolCallPipeline with path *.env: deny on a real tree", () => {
	it.each([
		{ tool: "read", input: { path: ".env" } },
		{ tool: "read", input: { path: `${project.cwd}/.env` } },
		{ tool: "read", input: { path: "~/proj/.env" } },
		{ tool: "read", input: { path: "src/../.env" } },
		{ tool: "read", input: { path: "settings" } },
		{ tool: "write", input: { path: ".env", content: "x" } },
		{ tool: "edit", input: { path: ".env", oldText: "a", newText: "b" } },
		{ tool: "grep", input: { pattern: "SECRET", path: ".env" } },
		{ tool: "find", input: { pattern: "*", path: ".env" } },
		{ tool: "ls", input: { path: ".env" } },
	])("denies $tool $input.path", ({ tool, input }) => {
		const decision = engine.pipeline.decide(call(tool, input));
		expect(decision.combined).toMatchObject({ state: "deny", surface: "path", matchedPattern: "*.env" });
	});

	it.each([
		"cat .env",
		"cat < .env",
		"echo x > .env",
		"source .env",
		". ./.env",
		"cd sub && cat ../.env",
		"cat $HOME/proj/.env",
		"cat ${HOME}/proj/.env",
		"cat ~/proj/.env",
		"cat settings",
		"cat sub/cfg",
		"grep --file=.env x",
		"cat *.env",
		"cat .en?",
		"f=.env; cat $f",
		'export F=.env && cat "$F"',
		"cat $(pwd)/.env",
		"echo $(cat .env)",
	])("denies bash %s", (command) => {
		const decision = engine.pipeline.decide(bashCall(command));
		expect(decision.combined.state).toBe("deny");
		expect(decision.combined).toMatchObject({ gate: "bash-path", surface: "path", matchedPattern: "*.env" });
	});

	it("allows a file that no path rule names", () => {
		expect(engine.pipeline.decide(call("read", { path: "src/a.ts" })).combined.state).toBe("allow");
		expect(engine.pipeline.decide(bashCall("cat src/a.ts")).combined.state).toBe("allow");
	});
});
