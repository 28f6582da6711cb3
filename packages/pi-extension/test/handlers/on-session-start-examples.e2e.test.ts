import { describe, expect, it } from "vitest";
import { runPi, workspace } from "../support/pi-session-harness";

describe("policy examples at session start in a real Pi session", () => {
	it("warns about each failing example by name and is silent about passing ones", async () => {
		const space = workspace(
			{},
			{
				permission: { "*": "ask", bash: { "*": "ask", "git *": "allow" }, read: "allow" },
				tests: [
					{ tool: "bash", command: "git status", expect: "allow" },
					{ name: "pushes are asked", tool: "bash", command: "git push origin main", expect: "ask" },
					{ tool: "read", path: "notes.txt", expect: "deny" },
				],
			},
		);
		const run = await runPi(space, { turns: [], tools: ["bash", "read"], human: { selects: [] } });
		const examples = run.notices.filter((notice) => notice.includes("example "));
		expect(examples).toHaveLength(2);
		expect(examples[0]).toContain('"pushes are asked": bash "git push origin main" expects ask, got allow');
		expect(examples[0]).toContain('decided by bash "git *": allow (global)');
		expect(examples[1]).toContain('read "notes.txt" expects deny, got allow');
	});
});
