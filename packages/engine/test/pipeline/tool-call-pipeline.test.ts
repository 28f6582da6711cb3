import { describe, expect, it } from "vitest";
import { GATE_ORDER } from "../../src/gates/gate-outcome";
import { BASH_DECISION_ROWS, CFG_A } from "../bash/bash-command-check.cases";
import { bashCall, call, createEngine } from "../support/engine-fixture";
import { MCP_DECISION_ROWS, TOOL_CONFIG, TOOL_DECISION_ROWS } from "./tool-call-pipeline.cases";

describe("ToolCallPipeline corpus rows", () => {
	it.each(BASH_DECISION_ROWS)("$id bash $command -> tool gate $state ($matchedPattern)", (row) => {
		const engine = createEngine({ config: row.config, ...(row.yolo === undefined ? {} : { yolo: row.yolo }) });
		const decision = engine.pipeline.decide(bashCall(row.command));
		const tool = decision.outcomes.find((outcome) => outcome.gate === "tool");
		// A path gate may deny first (PP-057 reaches `/repo`, outside the cwd); the tool gate is the bash.decision fact.
		if (tool === undefined) throw new Error(`no tool gate outcome for ${row.id}`);
		expect(tool).toMatchObject({ surface: "bash", state: row.state, matchedPattern: row.matchedPattern });
		expect(tool.value).toBe(row.decidingUnit);
		expect(tool.reason).toBe(row.reason ?? null);
		if (row.origin !== undefined) expect(tool.origin).toBe(row.origin);
	});

	it.each(TOOL_DECISION_ROWS)("$id $tool -> $state ($matchedPattern)", (row) => {
		const engine = createEngine({ config: TOOL_CONFIG });
		const decision = engine.pipeline.decide(call(row.tool, row.input));
		expect(decision.combined).toMatchObject({ gate: "tool", state: row.state, matchedPattern: row.matchedPattern });
	});

	it.each(MCP_DECISION_ROWS)("$id mcp $input -> $state on $target", (row) => {
		const engine = createEngine({ config: row.config });
		const decision = engine.pipeline.decide(call("mcp", row.input));
		expect(decision.combined).toMatchObject({
			gate: "tool",
			surface: "mcp",
			state: row.state,
			matchedPattern: row.matchedPattern,
			value: row.target,
		});
		if (row.origin !== undefined) expect(decision.combined.origin).toBe(row.origin);
	});
});

describe("ToolCallPipeline.decide", () => {
	it("parses a bash command exactly once per call, however many gates read it", () => {
		const engine = createEngine({
			config: { permission: { bash: { "*": "allow" }, path: { "*.env": "deny" }, external_directory: "ask" } },
		});
		engine.pipeline.decide(bashCall("cat /etc/hosts .env && echo $(ls ../x) | tee out.txt"));
		expect(engine.parses()).toBe(1);
		engine.pipeline.decide(bashCall("ls"));
		expect(engine.parses()).toBe(2);
	});

	it("never parses for a tool that is not a shell", () => {
		const engine = createEngine({ config: TOOL_CONFIG });
		engine.pipeline.decide(call("read", { path: "src/a.ts" }));
		expect(engine.parses()).toBe(0);
	});

	it("refuses a tool Pi does not offer before policy, listing the available tools", () => {
		const engine = createEngine({ config: { permission: { "*": "allow" } }, availableTools: ["read", "bash"] });
		const decision = engine.pipeline.decide(call("rm_everything", {}));
		expect(decision.outcomes).toHaveLength(1);
		expect(decision.combined).toMatchObject({ gate: "unknown-tool", state: "deny", basis: "unknown-tool" });
		expect(decision.combined.reason).toContain("available tools: bash, read");
	});

	it("runs the gates in order and stops at the first deny", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", external_directory: "ask", path: { "/etc/*": "deny" } } },
		});
		const decision = engine.pipeline.decide(call("read", { path: "/etc/passwd" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["path"]);
		expect(decision.combined).toMatchObject({ gate: "path", state: "deny", matchedPattern: "/etc/*" });
	});

	it("reports its outcomes in GATE_ORDER, the one written order", () => {
		const engine = createEngine({
			config: { permission: { "*": "ask", external_directory: "ask", path: { "*": "ask" } } },
		});
		for (const decision of [
			engine.pipeline.decide(bashCall("cat /etc/hosts > /tmp/out")),
			engine.pipeline.decide(call("read", { path: "/etc/passwd" })),
		]) {
			const gates = decision.outcomes.map((outcome) => outcome.gate);
			expect(gates.length).toBeGreaterThan(2);
			const positions = gates.map((gate) => GATE_ORDER.indexOf(gate));
			expect(positions).toEqual([...positions].sort((a, b) => a - b));
		}
	});

	it("combines to the most restrictive outcome, the first gate on a tie", () => {
		const engine = createEngine({ config: { permission: { "*": "allow", external_directory: "ask", read: "ask" } } });
		const decision = engine.pipeline.decide(call("read", { path: "/etc/passwd" }));
		expect(decision.outcomes.map((outcome) => [outcome.gate, outcome.state])).toEqual([
			["external-directory", "ask"],
			["tool", "ask"],
		]);
		expect(decision.combined.gate).toBe("external-directory");
	});

	it("fires the path gate only on an explicit path rule, not the universal default", () => {
		const engine = createEngine({ config: { permission: { "*": "deny", read: "allow" } } });
		const decision = engine.pipeline.decide(call("read", { path: "src/a.ts" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["tool"]);
		expect(decision.combined.state).toBe("allow");
	});

	it("skips the external-directory gate for grep, find and ls without a path", () => {
		const engine = createEngine({ config: { permission: { "*": "allow", external_directory: "deny" } } });
		for (const tool of ["grep", "find", "ls"]) {
			const decision = engine.pipeline.decide(call(tool, { pattern: "x" }));
			expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["tool"]);
		}
	});

	it("allows a read-only tool inside a Pi infrastructure directory as an infrastructure read", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", external_directory: "ask" } },
			infrastructureDirs: ["/home/u/.pi/agent"],
		});
		const read = engine.pipeline.decide(call("read", { path: "/home/u/.pi/agent/skills/x/SKILL.md" }));
		expect(read.outcomes[0]).toMatchObject({
			gate: "external-directory",
			state: "allow",
			basis: "infrastructure-read",
		});
		const write = engine.pipeline.decide(call("write", { path: "/home/u/.pi/agent/x.md", content: "" }));
		expect(write.outcomes[0]).toMatchObject({ gate: "external-directory", state: "ask", basis: "rule" });
	});

	it("denies reading inside a denied skill's directory on the skill surface", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow", skill: { "web-*": "deny" } } },
			activeSkills: [{ name: "web-design", directory: "/projects/app/.pi/skills/web-design" }],
		});
		const decision = engine.pipeline.decide(call("read", { path: ".pi/skills/web-design/SKILL.md" }));
		expect(decision.combined).toMatchObject({
			gate: "skill-read",
			surface: "skill",
			value: "web-design",
			state: "deny",
		});
		expect(decision.combined.payload?.kind).toBe("skill_read");
		const sibling = engine.pipeline.decide(call("read", { path: ".pi/skills/web-design-2/SKILL.md" }));
		expect(sibling.combined.state).toBe("allow");
	});

	it("covers every outside directory a bash command reaches with one multi-pattern suggestion", () => {
		const engine = createEngine({ config: { permission: { bash: "allow", external_directory: "ask" } } });
		const decision = engine.pipeline.decide(bashCall("cat /etc/hosts /var/log/syslog"));
		const outcome = decision.outcomes.find((o) => o.gate === "bash-external-directory");
		expect(outcome).toMatchObject({ state: "ask", value: "/etc/hosts" });
		expect(outcome?.suggestion?.patterns).toEqual(["/etc/*", "/var/log/*"]);
		expect(outcome?.payload?.kind).toBe("bash_external_directory");
	});

	it("drops outside paths an external_directory rule already allows", () => {
		const engine = createEngine({
			config: { permission: { bash: "allow", external_directory: { "*": "ask", "/tmp/*": "allow" } } },
		});
		const decision = engine.pipeline.decide(bashCall("cp /tmp/a /etc/b"));
		const outcome = decision.outcomes.find((o) => o.gate === "bash-external-directory");
		expect(outcome).toMatchObject({ state: "ask", value: "/etc/b" });
		expect(outcome?.suggestion?.patterns).toEqual(["/etc/*"]);
	});

	it("decides a configured shell alias as bash, through the same parse", () => {
		const engine = createEngine({
			config: {
				permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny" } },
				shellTools: { run_shell: { commandArgument: "cmd" } },
			},
		});
		const decision = engine.pipeline.decide(call("run_shell", { cmd: "ls && rm -f x" }));
		expect(decision.combined).toMatchObject({ gate: "tool", surface: "bash", state: "deny", value: "rm -f x" });
		expect(decision.combined.payload?.request.invokedToolName).toBe("run_shell");
		expect(engine.parses()).toBe(1);
	});

	it("throws on a shell call whose command is not a string, so the runner blocks it", () => {
		const engine = createEngine({ config: { permission: { "*": "allow" } } });
		expect(() => engine.pipeline.decide(call("bash", { command: ["rm", "x"] }))).toThrow(/not a string/);
	});

	it("uses the agent's own policy for a call made by that agent", () => {
		const engine = createEngine({
			config: { permission: { "*": "allow" } },
			agents: { reviewer: { permission: { "*": "allow", edit: "deny" } } },
		});
		expect(engine.pipeline.decide(call("edit", { path: "a" })).combined.state).toBe("allow");
		expect(engine.pipeline.decide(call("edit", { path: "a" }, "reviewer")).combined.state).toBe("deny");
	});

	it("offers the arity-based family pattern for an asked bash unit", () => {
		const engine = createEngine({ config: CFG_A });
		const decision = engine.pipeline.decide(bashCall("git push origin main"));
		expect(decision.combined.suggestion?.patterns).toEqual(["git push *"]);
		expect(decision.combined.payload?.kind).toBe("bash");
	});
});
