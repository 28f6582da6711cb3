import { describe, expect, it } from "vitest";
import { call, createEngine } from "../support/engine-fixture";

const skills = [{ name: "web-design", directory: "/home/u/.pi/agent/skills/web-design" }];

describe("skillReadGate", () => {
	const engine = createEngine({
		config: { permission: { "*": "allow", skill: { "*": "ask", "web-*": "deny" } } },
		activeSkills: skills,
	});

	it.each(["read", "grep", "find", "ls"])("denies %s inside a denied skill's directory", (tool) => {
		const decision = engine.pipeline.decide(call(tool, { path: "/home/u/.pi/agent/skills/web-design/SKILL.md" }));
		expect(decision.combined).toMatchObject({ gate: "skill-read", state: "deny", matchedPattern: "web-*" });
	});

	it("leaves writes to the path gates", () => {
		const decision = engine.pipeline.decide(
			call("write", { path: "/home/u/.pi/agent/skills/web-design/x", content: "" }),
		);
		expect(decision.outcomes.map((outcome) => outcome.gate)).not.toContain("skill-read");
	});

	it("does not fire for a skill the policy only asks about", () => {
		const e = createEngine({
			config: { permission: { "*": "allow", skill: "ask" } },
			activeSkills: skills,
		});
		const decision = e.pipeline.decide(call("read", { path: "/home/u/.pi/agent/skills/web-design/SKILL.md" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).not.toContain("skill-read");
	});
});
