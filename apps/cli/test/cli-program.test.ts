import { renderConfigJsonSchema } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

describe("runCli", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());

	it("prints the JSON Schema exactly as the policy package renders it", async () => {
		const run = await tree.run(["schema"]);
		expect(run.stdout).toBe(renderConfigJsonSchema());
		expect(run.code).toBe(0);
	});

	it("prints help with the exit codes and exits 0", async () => {
		const run = await tree.run(["--help"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("Exit codes: 0 allow");
		for (const command of ["check", "explain", "eval", "config", "schema", "init"]) {
			expect(run.stdout).toContain(command);
		}
	});

	it("exits 1 on an unknown command or a missing argument", async () => {
		expect((await tree.run(["frobnicate"])).code).toBe(1);
		const missing = await tree.run(["check", "bash"]);
		expect(missing.code).toBe(1);
		expect(missing.stderr).toContain("missing required argument");
	});

	it("asks about everything when no config exists (the built-in default)", async () => {
		const run = await tree.run(["check", "bash", "ls", "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "ask", origin: "builtin" });
		expect(run.code).toBe(2);
	});
});
