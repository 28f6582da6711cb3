import { describe, expect, it } from "vitest";
import { bashCall, createEngine } from "../support/engine-fixture";

describe("bashExternalDirectoryGate", () => {
	const engine = createEngine({
		config: {
			permission: { bash: "allow", external_directory: { "*": "ask", "/tmp/*": "allow", "/etc/shadow": "deny" } },
		},
	});

	it("lets the worst outside path decide", () => {
		const outcome = engine.pipeline.decide(bashCall("cat /etc/hosts /etc/shadow")).outcomes[0];
		expect(outcome).toMatchObject({ gate: "bash-external-directory", state: "deny", value: "/etc/shadow" });
	});

	it("reports an allow when every outside path is allowed", () => {
		const outcome = engine.pipeline.decide(bashCall("ls /tmp/a /tmp/b")).outcomes[0];
		expect(outcome).toMatchObject({ gate: "bash-external-directory", state: "allow", matchedPattern: "/tmp/*" });
	});

	it("never treats a safe device as outside", () => {
		const decision = engine.pipeline.decide(bashCall("ls > /dev/null"));
		expect(decision.outcomes.map((outcome) => outcome.gate)).toEqual(["tool"]);
	});

	it("sees a path reached after cd", () => {
		const outcome = engine.pipeline.decide(bashCall("cd .. && cat other/x")).outcomes[0];
		expect(outcome).toMatchObject({ gate: "bash-external-directory", state: "ask", value: "/projects" });
		const paths = outcome?.payload?.evidence.filter((item) => item.label === "external path").map((item) => item.text);
		expect(paths).toEqual(["/projects", "/projects/other/x"]);
	});
});
