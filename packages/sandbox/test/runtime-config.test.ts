import { describe, expect, it } from "vitest";
import { toRuntimeSettings } from "../src/runtime-config";
import { planSandbox } from "../src/sandbox-plan";

const plan = planSandbox({
	rules: [{ surface: "path", pattern: "*.env", action: "deny", origin: "global" }],
	cwd: "/work/proj",
	home: "/home/u",
	tmpDir: "/tmp",
	protectedTargets: [
		{ kind: "path", pattern: "/work/proj/.pi", why: "writes the project's Pi settings", sandbox: "read-only" },
	],
	allowedDomains: ["registry.npmjs.org"],
	canonical: (path) => path,
	exists: () => true,
	isDirectory: () => true,
	list: () => null,
});

describe("toRuntimeSettings", () => {
	it("hands the plan's paths and hosts to sandbox-runtime's filesystem and network lists", () => {
		expect(toRuntimeSettings(plan)).toEqual({
			network: { allowedDomains: ["registry.npmjs.org"], deniedDomains: [] },
			filesystem: {
				denyRead: ["/work/proj/**.env"],
				allowWrite: ["/work/proj", "/tmp"],
				denyWrite: ["/work/proj/**.env", "/work/proj/.pi"],
			},
		});
	});
});
