import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recommendedPolicyText } from "../src/recommended-policy";
import { ConfigTree } from "./support/cli-harness";

/** The recommended policy as a config object, read from the text `init` writes. */
const RECOMMENDED_POLICY: unknown = JSON.parse(recommendedPolicyText(null));

const POLICY = {
	permission: { "*": "ask", bash: { "*": "ask", "git *": "allow", "git push *": "ask" } },
	tests: [
		{ tool: "bash", command: "git status", expect: "allow" },
		{ name: "pushes are asked", tool: "bash", command: "git push origin main", expect: "ask" },
	],
};

describe("pi-permissions test", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());

	it("passes every example of the recommended policy, which carries at least 15", async () => {
		const examples = (RECOMMENDED_POLICY as { tests: unknown[] }).tests;
		expect(examples.length).toBeGreaterThanOrEqual(15);
		expect((await tree.run(["init"])).code).toBe(0);
		const run = await tree.run(["test", "--json"]);
		const parsed = JSON.parse(run.stdout);
		expect(parsed.failed, run.stdout).toBe(0);
		expect(parsed.passed).toBe(examples.length);
		expect(run.code).toBe(0);
		// The examples cover all three decisions.
		const actions = new Set(parsed.examples.map((example: { action: string }) => example.action));
		expect([...actions].sort()).toEqual(["allow", "ask", "deny"]);
	});

	it("exits 0 and counts the examples when all pass", async () => {
		tree.writeGlobal(POLICY);
		const run = await tree.run(["test"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("2 of 2 example(s) pass");
	});

	it("fails an example the policy decides otherwise, naming the example and the deciding rule", async () => {
		tree.writeGlobal(POLICY);
		tree.writeProject({ permission: { bash: { "git push *": "allow" } } });
		const run = await tree.run(["test"]);
		expect(run.code).toBe(1);
		expect(run.stdout).toContain(
			`example global tests[1] (${tree.globalFile}) failed: "pushes are asked": bash "git push origin main" expects ask, got allow; decided by bash "git push *": allow (project)`,
		);
		expect(run.stdout).toContain("1 of 2 example(s) pass");
	});

	it("runs the examples of the project scope and a per-example agent", async () => {
		tree.writeGlobal({ permission: { "*": "ask", read: "allow" } });
		tree.write(`${tree.project}/.pi/agents/ops.md`, "---\npermission:\n  read: deny\n---\n");
		tree.writeProject({
			tests: [
				{ tool: "read", path: "a.txt", expect: "allow" },
				{ tool: "read", path: "a.txt", agent: "ops", expect: "deny" },
			],
		});
		const run = await tree.run(["test", "--json"]);
		const parsed = JSON.parse(run.stdout);
		expect(parsed.examples.map((example: { result: string }) => example.result)).toEqual(["pass", "pass"]);
		expect(run.code).toBe(0);
	});

	it("says so when the policy has no examples", async () => {
		tree.writeGlobal({ permission: { "*": "ask" } });
		const run = await tree.run(["test"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("no examples");
	});
});

describe("pi-permissions config validate runs the examples", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
	});
	afterEach(() => tree.remove());

	it("fails on a failing example and shows the deciding rule", async () => {
		tree.writeGlobal({ ...POLICY, tests: [{ tool: "bash", command: "git push origin main", expect: "deny" }] });
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(1);
		expect(run.stdout).toContain('decided by bash "git push *": ask (global)');
		expect(run.stdout).toContain("1 example(s) fail");
		const json = JSON.parse((await tree.run(["config", "validate", "--json"])).stdout);
		expect(json.valid).toBe(false);
		expect(json.examples[0]).toMatchObject({ result: "fail", action: "ask", matchedPattern: "git push *" });
	});

	it("stays valid when every example passes", async () => {
		tree.writeGlobal(POLICY);
		const run = await tree.run(["config", "validate"]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("config valid");
	});
});
