import { describe, expect, it } from "vitest";
import { openSession } from "../support/pi-prompt-session";
import { workspace } from "../support/pi-session-harness";

const SKILLS = { deploy: "Ships the release", docs: "Writes the docs" };

async function skillRun(skillRules: Record<string, string>, text: string, answer: string | null) {
	const config = { permission: { "*": "allow", skill: skillRules } };
	const session = await openSession(workspace({}, config), { skills: SKILLS, answer });
	try {
		await session.prompt(text);
		return session;
	} finally {
		await session.close();
	}
}

describe("/skill: input in a real Pi session", () => {
	it("refuses a denied skill with a notice, and the model never receives it", async () => {
		const session = await skillRun({ "*": "allow", deploy: "deny" }, "/skill:deploy now", "Yes");
		expect(session.requests).toEqual([]);
		expect(session.notices.some((notice) => notice.includes("deploy"))).toBe(true);
	});

	it("lets an allowed skill expand, so the model receives its body and arguments", async () => {
		const session = await skillRun({ "*": "allow", deploy: "deny" }, "/skill:docs tidy up", null);
		expect(session.requests[0]?.lastUserText).toContain("SKILL BODY OF docs");
		expect(session.requests[0]?.lastUserText).toContain("tidy up");
	});

	it("asks for a skill under `ask` and expands it once the human approves", async () => {
		const session = await skillRun({ "*": "allow", docs: "ask" }, "/skill:docs", "Yes");
		expect(session.dialogs).toHaveLength(1);
		expect(session.requests[0]?.lastUserText).toContain("SKILL BODY OF docs");
	});

	it("refuses a skill under `ask` when the human says no", async () => {
		const session = await skillRun({ "*": "allow", docs: "ask" }, "/skill:docs", "No");
		expect(session.dialogs).toHaveLength(1);
		expect(session.requests).toEqual([]);
	});

	it("passes ordinary input through untouched", async () => {
		const session = await skillRun({ "*": "deny" }, "hello there", null);
		expect(session.requests[0]?.lastUserText).toBe("hello there");
	});
});
