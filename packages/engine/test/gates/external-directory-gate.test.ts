import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

describe("externalDirectoryGate", () => {
	const engine = createEngine({
		config: {
			permission: { "*": "allow", external_directory: { "*": "ask", "/tmp/*": "allow", "~/secrets/*": "deny" } },
		},
	});

	it.each([
		{ path: "/tmp/x", state: "allow" },
		{ path: "/etc/hosts", state: "ask" },
		{ path: "~/secrets/k", state: "deny" },
		{ path: "../other/x", state: "ask" },
	])("judges $path as $state", ({ path, state }) => {
		const outcome = engine.pipeline.decide(call("read", { path })).outcomes[0];
		expect(outcome).toMatchObject({ gate: "external-directory", state });
	});

	it("does not fire for a path inside the working directory", () => {
		const decision = engine.pipeline.decide(call("read", { path: "src/../README.md" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["tool"]);
	});

	it("offers the directory, never every outside directory", () => {
		const outcome = engine.pipeline.decide(call("read", { path: "/etc/hosts" })).outcomes[0];
		expect(outcome?.suggestion?.patterns).toEqual(["/etc/*"]);
		expect(outcome?.payload?.kind).toBe("external_directory");
	});
});
