import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const trees: ConfigTree[] = [];
afterEach(() => {
	for (const tree of trees.splice(0)) tree.remove();
});
function tree(): ConfigTree {
	const made = new ConfigTree();
	trees.push(made);
	return made;
}

const PROJECT =
	'{\n\t// team policy\n\t"permission": {\n\t\t"bash": {\n\t\t\t"*": "ask",\n\t\t\t"rm -rf *": "deny"\n\t\t}\n\t}\n}\n';

describe("pi-permissions grants (ADR 0032)", () => {
	it("add --project writes one line; check then allows; list shows it; forget restores the file", async () => {
		const t = tree();
		t.writeProject(PROJECT);
		expect((await t.run(["check", "bash", "npm test"])).code).toBe(2);
		const added = await t.run(["grants", "add", "bash", "npm test *", "--project"]);
		expect(added).toMatchObject({ code: 0, stderr: "" });
		expect(added.stdout).toMatch(
			/^added project-[0-9a-f]{8} {2}project {2}.*config\.json:6 {2}bash "npm test \*" {2}2026-12-01\n$/,
		);
		const text = readFileSync(t.projectFile, "utf8");
		expect(text).toBe(
			PROJECT.replace(
				'\t\t\t"rm -rf *"',
				'\t\t\t"npm test *": "allow", // pi-permissions grant, added 2026-12-01 with the CLI\n\t\t\t"rm -rf *"',
			),
		);
		expect((await t.run(["check", "bash", "npm test"])).code).toBe(0);
		expect((await t.run(["check", "bash", "rm -rf /"])).code).toBe(3);
		const explained = await t.run(["explain", "bash", "npm test"]);
		expect(explained.stdout).toMatch(
			/> bash "npm test \*": allow \(project .*config\.json:6, persisted grant project-[0-9a-f]{8}\)/,
		);
		const listed = await t.run(["grants", "list", "--json"]);
		const [grant] = JSON.parse(listed.stdout) as { id: string; line: number; scope: string }[];
		expect(grant).toMatchObject({
			scope: "project",
			line: 6,
			surface: "bash",
			pattern: "npm test *",
			date: "2026-12-01",
		});
		const forgotten = await t.run(["grants", "forget", grant?.id ?? ""]);
		expect(forgotten.code).toBe(0);
		expect(readFileSync(t.projectFile, "utf8")).toBe(PROJECT);
		expect((await t.run(["check", "bash", "npm test"])).code).toBe(2);
		expect((await t.run(["grants", "list"])).stdout).toBe("no persisted grants\n");
	});

	it("add --global creates the global file with $schema", async () => {
		const t = tree();
		const added = await t.run(["grants", "add", "bash", "make build *", "--global"]);
		expect(added.code).toBe(0);
		const text = readFileSync(t.globalFile, "utf8");
		expect(text).toContain('"$schema": "https://unpkg.com/@pi-permissions/policy/schema/config.schema.json"');
		expect(text).toContain('"make build *": "allow" // pi-permissions grant, added 2026-12-01 with the CLI');
		expect((await t.run(["check", "bash", "make build"])).code).toBe(0);
	});

	it("refuses a grant that would lift a deny, naming the rule (exit 1, file unchanged)", async () => {
		const t = tree();
		t.writeGlobal({ permission: { bash: { "rm *": "deny" } } });
		t.writeProject('{ "permission": { "read": "allow" } }\n');
		const refused = await t.run(["grants", "add", "bash", "rm tmp *", "--project"]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('would lift the deny `bash: "rm *" → deny` (global)');
		expect(readFileSync(t.projectFile, "utf8")).toBe('{ "permission": { "read": "allow" } }\n');
	});

	it("usage errors exit 1: no scope, both scopes, an id that is not a grant's", async () => {
		const t = tree();
		expect((await t.run(["grants", "add", "bash", "x"])).code).toBe(1);
		expect((await t.run(["grants", "add", "bash", "x", "--project", "--global"])).code).toBe(1);
		expect((await t.run(["grants", "forget", "session-1"])).code).toBe(1);
		const unknown = await t.run(["grants", "forget", "project-00000000"]);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain("no persisted grant `project-00000000`");
	});
});
