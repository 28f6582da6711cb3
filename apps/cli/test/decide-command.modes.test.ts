import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

/** Issue 35's CLI acceptance: `check --mode <name>` decides as a session in that mode would (ADR 0054). */
const POLICY = {
	permission: {
		"*": "ask",
		read: "ask",
		write: "ask",
		edit: "ask",
		bash: { "*": "ask", "echo *": "allow", "rm -rf *": "deny" },
	},
};

describe("pi-permissions check --mode", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
	});
	afterEach(() => tree.remove());

	const check = async (args: readonly string[]) => {
		const run = await tree.run(["check", ...args, "--json"]);
		return { code: run.code, report: JSON.parse(run.stdout) as Record<string, unknown>, stderr: run.stderr };
	};

	it("denies a bash write in plan, naming the mode, and reads as the policy says", async () => {
		const write = await check(["--mode", "plan", "bash", "echo x > notes.txt"]);
		expect(write.code).toBe(3);
		expect(write.report).toMatchObject({ action: "deny", origin: "mode:plan" });
		expect(String(write.report.reason)).toContain("plan mode is read-only");
		const read = await check(["--mode", "plan", "read", '{"path":"notes.txt"}']);
		expect(read.report).toMatchObject({ action: "ask" });
	});

	it("allows a project write in accept-edits while .git/config still asks", async () => {
		const src = await check(["--mode", "accept-edits", "write", '{"path":"src/a.ts","content":"x"}']);
		expect(src.report).toMatchObject({ action: "allow", origin: "mode:accept-edits" });
		const git = await check(["--mode", "accept-edits", "write", '{"path":".git/config","content":"x"}']);
		expect(git.report).toMatchObject({ action: "ask" });
	});

	it("turns an ask into a deny in dont-ask, and no mode turns a deny into an allow", async () => {
		expect((await check(["--mode", "dont-ask", "bash", "git push"])).report).toMatchObject({
			action: "deny",
			origin: "mode:dont-ask",
		});
		for (const mode of ["default", "accept-edits", "plan", "dont-ask", "yolo"]) {
			expect((await check(["--mode", mode, "bash", "rm -rf build"])).report).toMatchObject({ action: "deny" });
		}
	});

	it("refuses a mode the config does not allow with a usage error naming why", async () => {
		const auto = await tree.run(["check", "--mode", "auto", "bash", "ls"]);
		expect(auto.code).toBe(1);
		expect(auto.stderr).toContain("`auto` needs an authorizer link");
		tree.writeGlobal({ ...POLICY, disableYolo: true });
		const yolo = await tree.run(["check", "--mode", "yolo", "bash", "git push"]);
		expect(yolo.code).toBe(1);
		expect(yolo.stderr).toContain("yolo is disabled by the global scope");
		const unknown = await tree.run(["check", "--mode", "bypass", "bash", "ls"]);
		expect(unknown.code).toBe(1);
	});
});
