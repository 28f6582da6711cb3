import { composePolicy, POSIX_FLAVOR, validateConfig } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { composedSandboxPlan } from "../src/composed-sandbox-plan";
import { SandboxPlanCache } from "../src/sandbox-plan-cache";

function composed(raw: unknown) {
	const result = validateConfig(raw);
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return composePolicy({
		scopes: [{ scope: "global", status: "valid", config: result.value.config }],
		env: { home: "/home/u", flavor: POSIX_FLAVOR },
	});
}

const CONFIG = { permission: { bash: { "*": "allow" }, path: { "*.env": "deny" } } };

/** A disk of directories with their names; everything listed exists. */
function disk(listings: Record<string, string[]>) {
	const has = (path: string) =>
		path in listings ||
		Object.entries(listings).some(([dir, names]) => names.some((name) => `${dir}/${name}` === path));
	return {
		listings,
		files: {
			canonical: (path: string) => path,
			exists: has,
			isDirectory: (path: string) => path in listings,
			list: (path: string) => listings[path] ?? null,
		},
	};
}

const inputs = (policy: ReturnType<typeof composed>) => ({
	policy,
	cwd: "/work/proj",
	home: "/home/u",
	agentDir: "/home/u/.pi/agent",
	tmpDir: "/tmp",
	flavor: "posix" as const,
});

describe("SandboxPlanCache", () => {
	it("gives the plan a fresh build gives, and the same plan again while nothing it read changed", () => {
		const policy = composed(CONFIG);
		const { files } = disk({ "/work/proj": [".env", "src"], "/work/proj/src": [], "/home/u": [] });
		const cache = new SandboxPlanCache(files);
		const first = cache.planFor(inputs(policy));
		expect(first).toEqual(composedSandboxPlan({ ...inputs(policy), ...files }));
		expect(cache.planFor(inputs(policy))).toBe(first);
	});

	it("builds the plan again when a disk answer it was built from changed", () => {
		const policy = composed(CONFIG);
		const { files, listings } = disk({ "/work/proj": ["src"], "/work/proj/src": [], "/home/u": [] });
		const cache = new SandboxPlanCache(files);
		const first = cache.planFor(inputs(policy));
		listings["/home/u"] = [".ssh"];
		listings["/home/u/.ssh"] = [];
		const second = cache.planFor(inputs(policy));
		expect(second).not.toBe(first);
		expect(second).toEqual(composedSandboxPlan({ ...inputs(policy), ...files }));
	});

	it("builds the plan again for a reloaded policy or another directory", () => {
		const { files } = disk({ "/work/proj": [], "/home/u": [] });
		const cache = new SandboxPlanCache(files);
		const policy = composed(CONFIG);
		const first = cache.planFor(inputs(policy));
		expect(cache.planFor(inputs(composed(CONFIG)))).not.toBe(first);
		const reloaded = composed(CONFIG);
		const again = cache.planFor(inputs(reloaded));
		expect(cache.planFor({ ...inputs(reloaded), cwd: "/work/other" })).not.toBe(again);
	});
});
