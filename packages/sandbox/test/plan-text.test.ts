import { describe, expect, it } from "vitest";
import { renderSandboxPlan } from "../src/plan-text";
import { planSandbox } from "../src/sandbox-plan";

const plan = planSandbox({
	rules: [
		{ surface: "path", pattern: "*.env", action: "deny", origin: "global" },
		{ surface: "path", pattern: "*", action: "deny", origin: "project" },
	],
	cwd: "/work/proj",
	home: "/home/u",
	tmpDir: "/tmp",
	protectedTargets: [{ kind: "path", pattern: "/work/proj/.pi", why: "writes the project's Pi settings" }],
	allowedDomains: ["registry.npmjs.org"],
	canonical: (path) => path,
});

describe("renderSandboxPlan", () => {
	it("says what is readable, writable and reachable, and what is left to the gate", () => {
		expect(renderSandboxPlan(plan)).toEqual([
			"readable: everything, except",
			"  /work/proj/**.env  <- path rule `*.env`: deny",
			"writable: only",
			"  /work/proj  <- the working directory",
			"  /tmp  <- the temp directory",
			"not writable, even there:",
			"  /work/proj/**.env  <- path rule `*.env`: deny",
			"  /work/proj/.pi  <- protected target `/work/proj/.pi` (writes the project's Pi settings)",
			"reachable: registry.npmjs.org (through the sandbox's proxy; loopback is not)",
			"left to the gate (the sandbox cannot express these):",
			"  path rule `*`: deny: it matches every path; the shell itself could not run",
		]);
	});
});
