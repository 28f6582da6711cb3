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

	it("add --expires writes a grant that ends: list says what remains, then that it ended; it never decides after", async () => {
		const t = tree();
		t.writeProject(PROJECT);
		const added = await t.run(["grants", "add", "bash", "npm test *", "--project", "--expires", "7d"]);
		expect(added).toMatchObject({ code: 0, stderr: "" });
		expect(added.stdout).toContain("until 2026-12-08 12:00 UTC (7 days left)");
		expect(readFileSync(t.projectFile, "utf8")).toBe(
			PROJECT.replace(
				'\t\t\t"rm -rf *"',
				'\t\t\t"npm test *": { "action": "allow", "expires": "2026-12-08T12:00Z" }, // pi-permissions grant, added 2026-12-01 with the CLI\n\t\t\t"rm -rf *"',
			),
		);
		const end = Date.UTC(2026, 11, 8, 12);
		expect((await t.run(["check", "bash", "npm test"], { now: end - 1 })).code).toBe(0);
		expect((await t.run(["check", "bash", "npm test"], { now: end })).code).toBe(2);
		expect((await t.run(["check", "bash", "rm -rf /"], { now: end - 1 })).code).toBe(3);
		expect((await t.run(["grants", "list"], { now: end - 3_600_000 })).stdout).toContain(
			'bash "npm test *"  2026-12-01  until 2026-12-08 12:00 UTC (60 minutes left)',
		);
		// Ended, not revoked: still listed (and still in the file), said to be expired.
		const listed = await t.run(["grants", "list", "--json"], { now: end });
		expect(JSON.parse(listed.stdout)).toMatchObject([
			{ pattern: "npm test *", expires: "2026-12-08T12:00Z", ended: true },
		]);
		expect((await t.run(["grants", "list"], { now: end })).stdout).toContain("expired 2026-12-08 12:00 UTC");
	});

	it("add --expires takes a UTC date and refuses an end that has passed or cannot be read", async () => {
		const t = tree();
		const dated = await t.run(["grants", "add", "bash", "make *", "--global", "--expires", "2026-12-31"]);
		expect(dated.code).toBe(0);
		expect(readFileSync(t.globalFile, "utf8")).toContain('"make *": { "action": "allow", "expires": "2026-12-31" }');
		for (const bad of ["2026-11-30", "yesterday", "2026-02-30"]) {
			const refused = await t.run(["grants", "add", "bash", "npm *", "--global", "--expires", bad]);
			expect(refused.code, bad).toBe(1);
			expect(refused.stderr, bad).toMatch(/--expires/);
		}
		expect(readFileSync(t.globalFile, "utf8")).not.toContain("npm *");
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
