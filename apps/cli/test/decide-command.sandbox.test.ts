import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree, jsonLines } from "./support/cli-harness";

/** The policy of the comparison, with the sandbox as the config says (ADR 0059). */
const policy = (mode: "off" | "required") => ({
	permission: { bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny" } },
	sandbox: { mode },
});

describe("check, explain and eval decide as Pi does with the sandbox on or off (ADR 0059)", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		writeFileSync(join(tree.project, ".env"), "SECRET=1\n");
		writeFileSync(join(tree.project, "notes.txt"), "notes\n");
	});
	afterEach(() => tree.remove());

	it("lets the sandbox answer a recursive reader when the config turns it on, and asks with `--sandbox off`", async () => {
		tree.writeGlobal(policy("required"));
		const on = await tree.run(["check", "bash", "grep -r SECRET .", "--json"]);
		expect(on.code).toBe(0);
		expect(JSON.parse(on.stdout)).toMatchObject({
			action: "allow",
			gate: "bash-recursive-read",
			resolution: "sandbox_answered",
		});
		const off = await tree.run(["check", "bash", "grep -r SECRET .", "--sandbox", "off"]);
		expect(off.code).toBe(2);
		expect(off.stdout).toContain("ASK");
	});

	it("turns the sandbox on with `--sandbox on` over a config that has it off", async () => {
		tree.writeGlobal(policy("off"));
		expect((await tree.run(["check", "bash", "grep -r SECRET ."])).code).toBe(2);
		const on = await tree.run(["explain", "bash", "grep -r SECRET .", "--sandbox", "on"]);
		expect(on.code).toBe(0);
		expect(on.stdout).toContain("recursive-read: a reader walks a tree holding a denied file");
		expect(on.stdout).toContain("sandbox: required; if the gate lets it run");
	});

	it("keeps denies and the asks the sandbox cannot hold, on and off", async () => {
		tree.writeGlobal(policy("off"));
		for (const sandbox of ["on", "off"]) {
			const rm = await tree.run(["check", "bash", "rm -rf build", "--sandbox", sandbox]);
			expect(rm.code, sandbox).toBe(3);
			// `*.env` is masked in the project only: a computed path may lie anywhere.
			const computed = await tree.run(["check", "bash", "cat $(ls | grep env)", "--sandbox", sandbox, "--json"]);
			expect(JSON.parse(computed.stdout), sandbox).toMatchObject({
				action: "ask",
				matchedPattern: "<unresolved-path>",
			});
			// The code is opaque to the command rule `*: allow`: no path rule can see what it opens.
			const python = await tree.run([
				"check",
				"bash",
				"python3 -c 'print(open(\".env\").read())'",
				"--sandbox",
				sandbox,
				"--json",
			]);
			expect(JSON.parse(python.stdout), sandbox).toMatchObject({
				action: "ask",
				gate: "tool",
				matchedPattern: "<opaque-bash-wrapper>",
			});
		}
	});

	it("answers eval lines the same way", async () => {
		tree.writeGlobal(policy("off"));
		const line = (id: string, command: string) => `${JSON.stringify({ id, tool: "bash", input: { command } })}\n`;
		const stdin = [line("a", "grep -r SECRET ."), line("b", "rm -rf build")];
		const on = jsonLines((await tree.run(["eval", "--sandbox", "on"], { stdin })).stdout);
		expect(on.map((entry) => [entry.id, entry.action])).toEqual([
			["a", "allow"],
			["b", "deny"],
		]);
		const off = jsonLines((await tree.run(["eval", "--sandbox", "off"], { stdin })).stdout);
		expect(off.map((entry) => entry.action)).toEqual(["ask", "deny"]);
	});
});
