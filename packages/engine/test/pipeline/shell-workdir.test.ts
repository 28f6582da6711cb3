import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

const shellTools = { run: { commandArgument: "cmd", workdirArgument: "cwd" } };

describe("parseInWorkdir through ToolCallPipeline", () => {
	it("resolves relative tokens from the alias's working directory", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", path: { "/projects/app/secret/*": "deny" } }, shellTools },
		});
		const decision = engine.pipeline.decide(call("run", { cmd: "cat ./k", cwd: "secret" }));
		expect(decision.combined).toMatchObject({ gate: "bash-path", state: "deny", value: "/projects/app/secret/k" });
		expect(engine.pipeline.decide(call("run", { cmd: "cat ./k" })).combined.state).toBe("allow");
		expect(engine.parses()).toBe(2);
	});

	it("sees a climb out of an outside working directory as outside", () => {
		const engine = createEngine({
			config: {
				permission: { "*": "allow", external_directory: { "*": "ask", "/srv/w": "allow", "/srv/w/*": "allow" } },
				shellTools,
			},
		});
		const decision = engine.pipeline.decide(call("run", { cmd: "cat ../other/x", cwd: "/srv/w" }));
		const outcome = decision.outcomes.find((o) => o.gate === "bash-external-directory");
		expect(outcome?.state).toBe("ask");
		// The directory does not exist here, so the cd may fail: both places the command could run from are judged.
		const paths = outcome?.payload?.evidence.filter((item) => item.label === "external path").map((item) => item.text);
		expect(paths).toContain("/srv/other/x");
	});

	it("never judges the synthetic cd as a unit of the command", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "cd *": "deny" } }, shellTools },
		});
		const decision = engine.pipeline.decide(call("run", { cmd: "ls", cwd: "sub" }));
		expect(decision.combined).toMatchObject({ state: "allow" });
		const explicit = engine.pipeline.decide(call("run", { cmd: "cd x && ls", cwd: "sub" }));
		expect(explicit.combined).toMatchObject({ state: "deny", value: "cd x" });
	});

	it("quotes a hostile working directory so it cannot add a command", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, shellTools },
		});
		const decision = engine.pipeline.decide(call("run", { cmd: "ls", cwd: "x'; rm -rf / #" }));
		expect(decision.outcomes.find((outcome) => outcome.gate === "tool")).toMatchObject({ state: "allow", value: "ls" });
	});

	it("matches an unparseable command as sent, not with the prefix", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, shellTools },
		});
		const decision = engine.pipeline.decide(call("run", { cmd: "rm x )", cwd: "sub" }));
		expect(decision.combined).toMatchObject({ state: "deny", matchedPattern: "rm *", value: "rm x )" });
	});

	it("refuses a working directory that is not a string", () => {
		const engine = createEngine({ config: { permission: { "*": "allow" }, shellTools } });
		expect(() => engine.pipeline.decide(call("run", { cmd: "ls", cwd: 7 }))).toThrow(/not a string/);
	});
});
