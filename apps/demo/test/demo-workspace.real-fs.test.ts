import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_POLICY } from "../src/demo-policy";
import { DEMO_SECRET } from "../src/demo-steps";
import { DemoWorkspace } from "../src/demo-workspace";

describe("DemoWorkspace", () => {
	const parent = mkdtempSync(join(tmpdir(), "pp-demo-space-"));

	afterAll(() => {
		rmSync(parent, { recursive: true, force: true });
	});

	it("creates the project, home and agent dir under one root, with the demo policy as the global config", async () => {
		const space = await DemoWorkspace.create(parent);
		expect(space.root.startsWith(join(parent, "pi-permissions-demo-"))).toBe(true);
		for (const dir of [space.cwd, space.home, space.agentDir, space.tmp]) expect(dir.startsWith(space.root)).toBe(true);
		expect(readFileSync(join(space.cwd, ".env"), "utf8")).toContain(DEMO_SECRET);
		expect(space.exists({ under: "home", path: "x/keep.txt" })).toBe(true);
		expect(JSON.parse(readFileSync(space.configFile, "utf8"))).toEqual(DEMO_POLICY);
		expect(space.reviewLogFile).toBe(join(space.agentDir, "extensions", "pi-permissions", "logs", "review.jsonl"));
		await space.remove();
	});

	it("shortens its temporary paths for display", async () => {
		const space = await DemoWorkspace.create(parent);
		expect(space.shorten(`${space.cwd}/.env and ${space.home}/x`)).toBe("<project>/.env and ~/x");
		await space.remove();
	});

	it("removes everything it created", async () => {
		const space = await DemoWorkspace.create(parent);
		await space.remove();
		expect(existsSync(space.root)).toBe(false);
	});
});
