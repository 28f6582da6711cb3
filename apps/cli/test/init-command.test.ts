import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CONFIG_SCHEMA_ID, validateConfig } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../src/recommended-policy";
import { ConfigTree, SHIPPED_SCHEMA_URL } from "./support/cli-harness";

/** The recommended policy as a config object, read from the text `init` writes. */
const RECOMMENDED_POLICY: unknown = JSON.parse(recommendedPolicyText(SHIPPED_SCHEMA_URL));

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

	it("points `$schema` at the schema file the installed package ships, which exists (issue 34)", async () => {
		await tree.run(["init"]);
		const written = JSON.parse(readFileSync(tree.globalFile, "utf8")) as { $schema: string };
		expect(written.$schema).toBe(SHIPPED_SCHEMA_URL);
		expect(written.$schema.startsWith("file:")).toBe(true);
		const file = fileURLToPath(written.$schema);
		expect(existsSync(file)).toBe(true);
		expect(JSON.parse(readFileSync(file, "utf8")).$id).toBe(CONFIG_SCHEMA_ID);
		expect(readFileSync(tree.globalFile, "utf8")).not.toContain("unpkg.com");
	});

	it("writes no `$schema` when the installed schema cannot be found", async () => {
		const { host } = tree.host();
		const { configSchemaUrl: _found, ...without } = host;
		const { runCli } = await import("../src/cli-program");
		expect(await runCli(["init"], without)).toBe(0);
		const written = JSON.parse(readFileSync(tree.globalFile, "utf8")) as Record<string, unknown>;
		expect(Object.hasOwn(written, "$schema")).toBe(false);
		expect(validateConfig(written).ok).toBe(true);
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
