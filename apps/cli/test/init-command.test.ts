import { readFileSync, writeFileSync } from "node:fs";
import { validateConfig } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../src/recommended-policy";
import { ConfigTree } from "./support/cli-harness";

/** The recommended policy as a config object, read from the text `init` writes. */
const RECOMMENDED_POLICY: unknown = JSON.parse(recommendedPolicyText());

describe("pi-permissions init", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());

	it("writes the recommended policy to the global config file", async () => {
		const run = await tree.run(["init"]);
		expect(run.code).toBe(0);
		expect(JSON.parse(readFileSync(tree.globalFile, "utf8"))).toEqual(RECOMMENDED_POLICY);
		const validate = await tree.run(["config", "validate"]);
		expect(validate.code).toBe(0);
	});

	it("writes the project config file with --project", async () => {
		const run = await tree.run(["init", "--project"]);
		expect(run.code).toBe(0);
		expect(JSON.parse(readFileSync(tree.projectFile, "utf8"))).toEqual(RECOMMENDED_POLICY);
	});

	it("writes under PI_CODING_AGENT_DIR when it is set", async () => {
		const run = await tree.run(["init"], { env: { PI_CODING_AGENT_DIR: "~/agent-dir" } });
		expect(run.code).toBe(0);
		expect(run.stdout).toContain(`${tree.home}/agent-dir/extensions/pi-permissions/config.json`);
	});

	it("refuses to overwrite an existing file and leaves it unchanged", async () => {
		tree.writeGlobal({ permission: { bash: "deny" } });
		const before = readFileSync(tree.globalFile, "utf8");
		const run = await tree.run(["init"]);
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("already exists");
		expect(readFileSync(tree.globalFile, "utf8")).toBe(before);
	});

	it("refuses to overwrite an explicit --file", async () => {
		const file = `${tree.root}/mine.json`;
		writeFileSync(file, "{}");
		const run = await tree.run(["init", "--file", file]);
		expect(run.code).toBe(1);
		expect(readFileSync(file, "utf8")).toBe("{}");
	});
});

describe("RECOMMENDED_POLICY", () => {
	it("is a valid config", () => {
		expect(validateConfig(RECOMMENDED_POLICY).ok).toBe(true);
	});
});
