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

	// ADR 0036 (seed 000, "Skill-read gate"): a skill at `ask` cannot be read around the `/skill:` ask.
	it("asks about a read inside a skill a `skill` rule asks about, offering the skill's exact name", () => {
		const e = createEngine({
			config: { permission: { "*": "allow", skill: "ask" } },
			activeSkills: skills,
		});
		const decision = e.pipeline.decide(call("read", { path: "/home/u/.pi/agent/skills/web-design/SKILL.md" }));
		expect(decision.outcomes[0]).toMatchObject({ gate: "skill-read", state: "ask", value: "web-design" });
		expect(decision.outcomes[0]?.suggestion?.patterns).toEqual(["web-design"]);
	});

	it("does not fire when only the universal default asks (Pi's own skills are read without a prompt)", () => {
		const e = createEngine({ config: { permission: { "*": "ask" } }, activeSkills: skills });
		const decision = e.pipeline.decide(call("read", { path: "/home/u/.pi/agent/skills/web-design/SKILL.md" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).not.toContain("skill-read");
	});

	it("does not fire for a skill the policy allows", () => {
		const e = createEngine({
			config: { permission: { "*": "allow", skill: { "*": "ask", "web-design": "allow" } } },
			activeSkills: skills,
		});
		const decision = e.pipeline.decide(call("read", { path: "/home/u/.pi/agent/skills/web-design/SKILL.md" }));
		expect(decision.outcomes.map((outcome) => outcome.gate)).not.toContain("skill-read");
	});
});
