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
	exists: () => true,
	isDirectory: () => true,
	list: () => null,
});

describe("composedSandboxPlan", () => {
	it("derives the plan from the composed rules, the engine's protected targets and the sandbox settings", () => {
		const policy = composed({
			permission: { bash: { "*": "allow" }, path: { "*.env": "deny" } },
			protectedPaths: ["deploy/*"],
			sandbox: { mode: "auto", network: { allowedDomains: ["registry.npmjs.org"] } },
		});
		const plan = composedSandboxPlan(facts(policy));
		// ADR 0048: the forwarding root is neither readable nor writable inside, wherever it is.
		expect(plan.readDenies.map((entry) => entry.path)).toEqual([
			"/work/proj/**.env",
			"/home/u/.pi/agent/sessions/permission-forwarding",
		]);
		const denied = plan.writeDenies.map((entry) => entry.path);
		expect(denied).toEqual(
			expect.arrayContaining([
				"/work/proj/**.env",
				"/work/proj/.pi",
				"/work/proj/.git/config",
				"/work/proj/.git/hooks",
				"/work/proj/.git/commondir",
				"/work/proj/.envrc",
				"/work/proj/deploy/**",
			]),
		);
		// Outside the writable roots a region is read-only already: the plan names none there.
		expect(denied).not.toContain("/home/u/.bashrc");
		expect(plan.allowedDomains).toEqual(["registry.npmjs.org"]);
	});

	it("with the home writable, keeps the agent dir, home code and the home's dot-entries from the command", () => {
		const policy = composed({ permission: { external_directory: { "~/*": "allow" } }, sandbox: { mode: "auto" } });
		const plan = composedSandboxPlan(facts(policy));
		const denied = plan.writeDenies.map((entry) => entry.path);
		expect(denied).toEqual(expect.arrayContaining(["/home/u/.pi/agent", "/home/u/.bashrc", "/home/u/.npmrc"]));
		expect(plan.readDenies.map((entry) => entry.path)).toContain("/home/u/.pi/agent/sessions/permission-forwarding");
		expect(plan.watchedDirs.map((dir) => [dir.path, dir.kind])).toEqual([
			["/work/proj", "repositories"],
			["/home/u", "dot-entries"],
		]);
	});

	it("never widens writes for an external directory that yolo allowed", () => {
		const policy = composed({ yoloMode: true, permission: { external_directory: { "/data/*": "ask" } } });
		expect(composedSandboxPlan(facts(policy)).writeAllows.map((entry) => entry.path)).toEqual(["/work/proj", "/tmp"]);
	});
});
