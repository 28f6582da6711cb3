import { pathFlavorFor } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { piInfrastructureDirs } from "../../src/session/pi-infrastructure";

const facts = {
	agentDir: "/home/u/.pi/agent",
	home: "/home/u",
	cwd: "/home/u/work/app",
	piPackageDir: "/usr/lib/node_modules/@earendil-works/pi-coding-agent",
	flavor: pathFlavorFor("posix"),
};

// ADR 0036 (seed 000, "External directory detection"; ADR 0036): the directories Pi's resource loader reads.
describe("piInfrastructureDirs", () => {
	it("names Pi's resource directories, its package and the loaded skills' own, never the agent dir whole", () => {
		const dirs = piInfrastructureDirs(facts, [{ name: "deploy", directory: "/opt/pkg/skills/deploy" }]);
		expect(dirs).toEqual([
			"/home/u/.pi/agent/skills",
			"/home/u/.pi/agent/prompts",
			"/home/u/.pi/agent/themes",
			"/home/u/.pi/agent/npm",
			"/home/u/.pi/agent/git",
			"/home/u/.agents/skills",
			"/usr/lib/node_modules/@earendil-works/pi-coding-agent",
			"/opt/pkg/skills/deploy",
		]);
		expect(dirs).not.toContain("/home/u/.pi/agent");
	});

	it.each(["/", "/home", "/home/u", "/home/u/work", "/home/u/.pi"])(
		"never takes a skill directory as broad as %s",
		(directory) => {
			expect(piInfrastructureDirs(facts, [{ name: "x", directory }])).not.toContain(directory);
		},
	);
});
