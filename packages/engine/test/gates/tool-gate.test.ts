import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

describe("toolGate", () => {
	it("decides a native MCP tool name through its candidates", () => {
		const engine = createEngine({
			config: { permission: { "*": "ask", mcp: { "exa:*": "allow" } } },
			mcpServers: ["exa"],
		});
		const decision = engine.pipeline.decide(call("mcp__exa__search", { q: "x" }));
		expect(decision.combined).toMatchObject({ surface: "mcp", state: "allow", matchedPattern: "exa:*" });
	});

	it("offers the server for an asked MCP target", () => {
		const engine = createEngine({ config: { permission: { "*": "ask" } } });
		const decision = engine.pipeline.decide(call("mcp", { tool: "exa:search", arguments: { q: "x" } }));
		expect(decision.combined.suggestion?.patterns).toEqual(["exa_*"]);
		expect(decision.combined.payload?.kind).toBe("mcp");
	});

	it("decides a skill tool call by the skill's name", () => {
		const engine = createEngine({ config: { permission: { "*": "allow", skill: { "web-*": "deny" } } } });
		expect(engine.pipeline.decide(call("skill", { name: "web-design" })).combined).toMatchObject({
			surface: "skill",
			value: "web-design",
			state: "deny",
		});
	});

	it("decides an extension tool as a whole and offers the whole tool for the session", () => {
		const engine = createEngine({ config: { permission: { "*": "ask" } } });
		const decision = engine.pipeline.decide(call("deploy", { env: "prod" }));
		expect(decision.combined).toMatchObject({ surface: "deploy", value: "*", state: "ask" });
		expect(decision.combined.suggestion?.patterns).toEqual(["*"]);
	});

	it("matches a file tool's rule on the path's cwd-relative spelling", () => {
		const engine = createEngine({ config: { permission: { write: { "*": "deny", "src/*": "allow" } } } });
		expect(engine.pipeline.decide(call("write", { path: "/projects/app/src/a.ts" })).combined.state).toBe("allow");
	});
});
