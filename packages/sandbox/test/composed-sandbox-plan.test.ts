import { composePolicy, POSIX_FLAVOR, validateConfig } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { composedSandboxPlan } from "../src/composed-sandbox-plan";

function composed(raw: unknown) {
	const result = validateConfig(raw);
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return composePolicy({
		scopes: [{ scope: "global", status: "valid", config: result.value.config }],
		env: { home: "/home/u", flavor: POSIX_FLAVOR },
	});
}

const facts = (policy: ReturnType<typeof composed>) => ({
	policy,
	cwd: "/work/proj",
	home: "/home/u",
	agentDir: "/home/u/.pi/agent",
	tmpDir: "/tmp",
	flavor: "posix" as const,
	canonical: (path: string) => path,
});

describe("composedSandboxPlan", () => {
	it("derives the plan from the composed rules, the engine's protected targets and the sandbox settings", () => {
		const policy = composed({
			permission: { bash: { "*": "allow" }, path: { "*.env": "deny" } },
			protectedPaths: ["deploy/*"],
			sandbox: { mode: "auto", network: { allowedDomains: ["registry.npmjs.org"] } },
		});
		const plan = composedSandboxPlan(facts(policy));
		expect(plan.readDenies.map((entry) => entry.path)).toEqual(["/work/proj/**.env"]);
		const denied = plan.writeDenies.map((entry) => entry.path);
		expect(denied).toEqual(
			expect.arrayContaining([
				"/work/proj/**.env",
				"/home/u/.pi/agent/extensions/pi-permissions/config.json",
				"/work/proj/.pi",
				"/work/proj/.git/config",
				"/work/proj/.git/hooks",
				"/home/u/.bashrc",
				"/work/proj/deploy/**",
			]),
		);
		expect(plan.allowedDomains).toEqual(["registry.npmjs.org"]);
	});

	it("never widens writes for an external directory that yolo allowed", () => {
		const policy = composed({ yoloMode: true, permission: { external_directory: { "/data/*": "ask" } } });
		expect(composedSandboxPlan(facts(policy)).writeAllows.map((entry) => entry.path)).toEqual(["/work/proj", "/tmp"]);
	});
});
