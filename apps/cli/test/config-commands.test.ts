import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

describe("pi-permissions config validate", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { "*": "allow" } });
	});
	afterEach(() => tree.remove());

	it("reports every scope and exits 0 when all are valid", async () => {
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toMatch(/global\s+valid/);
		expect(run.stdout).toMatch(/project\s+absent/);
		expect(run.stdout).toContain("config valid");
	});

	it("names the file, position, key path and fix of a schema error and exits 1", async () => {
		tree.writeProject('{\n  "permission": {\n    "bash": { "ls *": "alow" }\n  }\n}\n');
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(1);
		expect(run.stdout).toMatch(/project\s+invalid/);
		const issue = run.stdout.split("\n").find((text) => text.startsWith(tree.projectFile));
		expect(issue).toBeDefined();
		expect(issue).toMatch(/:3:\d+: error: /);
		expect(issue).toContain('permission.bash["ls *"]');
		expect(issue).toContain("(fix: ");
	});

	it("reports a JSONC syntax error with line and column", async () => {
		tree.writeProject('{\n  "permission": {\n    "bash": "allow",,\n  }\n}\n');
		const run = await tree.run(["config", "validate", "--json"]);
		expect(run.code).toBe(1);
		const parsed = JSON.parse(run.stdout);
		expect(parsed.valid).toBe(false);
		expect(parsed.issues[0]).toMatchObject({ kind: "syntax", scope: "project", file: tree.projectFile, line: 3 });
	});

	it("accepts comments and trailing commas", async () => {
		tree.writeProject('{\n  // ours\n  "permission": { "bash": "ask", },\n}\n');
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(0);
	});

	it("words the summary of a broken global file for the global scope (ADR 0033)", async () => {
		tree.writeGlobal("{ broken");
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(1);
		expect(run.stdout.split("\n").at(-2)).toBe("2 error(s): your global config is invalid, so allow rules are asked");
	});

	it("words the summary of a broken project file for the project scope (ADR 0033)", async () => {
		tree.writeProject('{ "permission": { "bash": "alow" } }');
		const run = await tree.run(["config", "validate"]);
		expect(run.stdout.split("\n").at(-2)).toBe("1 error(s): your project config is invalid, so allow rules are asked");
	});

	it("validates the agent scopes of --agent", async () => {
		tree.write(`${tree.project}/.pi/agents/ops.md`, "---\npermission:\n  bash: maybe\n---\n");
		const run = await tree.run(["config", "validate", "--agent", "ops"]);
		expect(run.code).toBe(1);
		expect(run.stdout).toContain(`${tree.project}/.pi/agents/ops.md`);
	});
});

describe("pi-permissions config show", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { "*": "ask", bash: { "git *": "allow" } } });
		tree.writeProject({ permission: { bash: { "git push *": { action: "deny", reason: "CI pushes" } } } });
	});
	afterEach(() => tree.remove());

	it("lists the effective rules in order with origin and file", async () => {
		const run = await tree.run(["config", "show", "--json"]);
		const parsed = JSON.parse(run.stdout);
		const rules = parsed.rules.map((rule: Record<string, unknown>) => [
			rule.surface,
			rule.pattern,
			rule.action,
			rule.origin,
			rule.file,
		]);
		expect(rules).toEqual([
			["*", "*", "ask", "builtin", null],
			["*", "*", "ask", "global", tree.globalFile],
			["bash", "git *", "allow", "global", tree.globalFile],
			["bash", "git push *", "deny", "project", tree.projectFile],
		]);
		expect(parsed.rules.at(-1).reason).toBe("CI pushes");
		expect(parsed.settings.yoloMode).toBe(false);
	});

	it("prints the rules as text with the notices of a fail-closed scope", async () => {
		tree.writeProject("[]");
		const run = await tree.run(["config", "show"]);
		expect(run.stdout).toContain('bash "git *": ask');
		expect(run.stdout).toContain("fail-closed");
		expect(run.stdout).toContain("allow clamped to ask");
		expect(run.code).toBe(0);
	});
});
