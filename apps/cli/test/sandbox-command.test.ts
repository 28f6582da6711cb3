import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const POLICY = {
	permission: {
		"*": "ask",
		bash: { "*": "allow" },
		path: { "*.env": "deny" },
		external_directory: { "/srv/shared/*": "allow" },
	},
	sandbox: { mode: "required", network: { allowedDomains: ["registry.npmjs.org"] } },
};

describe("pi-permissions sandbox explain", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
	});
	afterEach(() => tree.remove());

	it("prints what a sandboxed command may read, write and reach, and why", async () => {
		const run = await tree.run(["sandbox", "explain"]);
		const project = realpathSync(tree.project);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("sandbox: mode required");
		expect(run.stdout).toContain(`${project}/**.env  <- path rule \`*.env\`: deny`);
		expect(run.stdout).toContain("/srv/shared  <- external_directory rule `/srv/shared/*`: allow");
		// `.pi` does not exist: it is removed after a call that makes it (ADR 0048); the agent dir (in the writable temp
		// directory here) is read-only, its permission config with it.
		expect(run.stdout).toContain(`${project}/.pi  <- protected: writes the project's Pi settings`);
		// The tree's home lies in the temp directory, so its `.pi` (the agent dir's parent) is read-only.
		expect(run.stdout).toContain(`${realpathSync(tree.home)}/.pi  <- protected: writes Pi's directory`);
		expect(run.stdout).toContain("reachable: registry.npmjs.org (through the sandbox's proxy; loopback is not)");
	});

	it("prints the plan as JSON", async () => {
		const run = await tree.run(["sandbox", "explain", "--json"]);
		const document = JSON.parse(run.stdout);
		expect(document.sandbox).toEqual({ mode: "required", allowedDomains: ["registry.npmjs.org"], userBash: false });
		expect(document.plan.allowedDomains).toEqual(["registry.npmjs.org"]);
	});

	it("says the mode is off and still shows what it would enforce", async () => {
		tree.writeGlobal({ permission: { path: { "*.env": "deny" } } });
		const run = await tree.run(["sandbox", "explain"]);
		expect(run.stdout).toContain("sandbox: mode off (this is what it would enforce when turned on)");
		expect(run.stdout).toContain("reachable: no network (loopback included)");
	});
});

describe("pi-permissions explain of a bash call with the sandbox on", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
		mkdirSync(join(tree.project, "src"));
	});
	afterEach(() => tree.remove());

	it("shows the gate's decision and what the sandbox will still stop", async () => {
		const run = await tree.run(["explain", "bash", "grep -r SECRET ."]);
		expect(run.code).toBe(0);
		expect(run.stdout).toContain("ALLOW");
		expect(run.stdout).toContain("sandbox: required; if the gate lets it run, the command runs inside a sandbox where");
		expect(run.stdout).toContain("**.env  <- path rule `*.env`: deny");
		const project = realpathSync(tree.project);
		expect(run.stdout).toContain("what it still stops for this command:");
		expect(run.stdout).toContain(`under \`${project}\`: \`${project}/**.env\` stays unreadable and unwritable`);
	});

	it("adds nothing while the sandbox is off", async () => {
		tree.writeGlobal({ permission: { bash: { "*": "allow" } } });
		const run = await tree.run(["explain", "bash", "ls"]);
		expect(run.stdout).not.toContain("sandbox:");
	});
});
