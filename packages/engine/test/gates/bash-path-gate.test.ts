import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

describe("bashPathGate", () => {
	const engine = createEngine({ config: { permission: { "*": "allow", path: { "*.pem": "deny", "docs/*": "ask" } } } });

	it("denies the most restrictive candidate", () => {
		const decision = engine.pipeline.decide(bashCall("cat docs/a.md ./key.pem"));
		expect(decision.combined).toMatchObject({ gate: "bash-path", state: "deny", value: "/projects/app/key.pem" });
	});

	it("asks with the command as evidence when only an ask rule matches", () => {
		const decision = engine.pipeline.decide(bashCall("cat docs/a.md"));
		expect(decision.combined).toMatchObject({ gate: "bash-path", state: "ask" });
		expect(decision.combined.payload?.evidence.some((item) => item.label === "command")).toBe(true);
	});

	it("stays silent when only the universal default matches", () => {
		const decision = engine.pipeline.decide(bashCall("cat src/a.ts"));
		expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["tool"]);
	});
});
