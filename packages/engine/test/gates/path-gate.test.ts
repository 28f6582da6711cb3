import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

const config = { permission: { "*": "allow", path: { "*.env": "deny", "docs/*": "ask" } } };

describe("toolPathGate", () => {
	it("judges an MCP proxy call's arguments.path", () => {
		const engine = createEngine({ config });
		const decision = engine.pipeline.decide(call("mcp", { tool: "fs:read", arguments: { path: ".env" } }));
		expect(decision.combined).toMatchObject({ gate: "path", state: "deny", value: "/projects/app/.env" });
	});

	it("judges what a registered extractor declares for an extension tool", () => {
		const engine = createEngine({ config, extractors: new Map([["notes", () => ["secrets/.env"]]]) });
		const decision = engine.pipeline.decide(call("notes", { title: "x" }));
		expect(decision.combined).toMatchObject({ gate: "path", state: "deny" });
	});

	it("lets an extractor's throw escape so the runner blocks the call", () => {
		const engine = createEngine({
			config,
			extractors: new Map([
				[
					"notes",
					() => {
						throw new Error("bad input");
					},
				],
			]),
		});
		expect(() => engine.pipeline.decide(call("notes", {}))).toThrow("bad input");
	});

	it("offers the directory for a path ask and builds a path payload", () => {
		const engine = createEngine({ config });
		const decision = engine.pipeline.decide(call("read", { path: "docs/a.md" }));
		expect(decision.combined).toMatchObject({ gate: "path", state: "ask" });
		expect(decision.combined.suggestion?.patterns).toEqual(["/projects/app/docs/*"]);
		expect(decision.combined.payload?.kind).toBe("path");
	});
});
