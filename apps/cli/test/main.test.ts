import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree } from "./support/cli-harness";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

function cli(args: readonly string[], tree: ConfigTree, input?: string) {
	return spawnSync(
		process.execPath,
		["--conditions=@pi-permissions/source", "--import", "tsx", "src/main.ts", ...args],
		{
			cwd: packageDir,
			input,
			encoding: "utf8",
			env: { PATH: process.env.PATH, HOME: tree.home, NO_COLOR: "1" },
			timeout: 60_000,
		},
	);
}

describe("pi-permissions as a child process", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { bash: { "*": "ask", "ls *": "allow", "rm *": "deny" } } });
	});
	afterEach(() => tree.remove());

	it("reads HOME's global config and exits with the decision's code", () => {
		const allow = cli(["check", "bash", "ls -la", "--cwd", tree.project], tree);
		expect(allow.stdout).toContain("ALLOW");
		expect(allow.status).toBe(0);
		expect(cli(["check", "bash", "git push", "--cwd", tree.project], tree).status).toBe(2);
		expect(cli(["check", "bash", "rm -rf /", "--cwd", tree.project], tree).status).toBe(3);
	}, 120_000);

	it("streams eval over stdin and stdout", () => {
		const input = [
			'{"id":"1","tool":"bash","input":{"command":"ls"}}',
			"oops",
			'{"id":"2","tool":"bash","input":{"command":"rm x"}}',
		].join("\n");
		const run = cli(["eval", "--cwd", tree.project], tree, `${input}\n`);
		const lines = run.stdout
			.trim()
			.split("\n")
			.map((text) => JSON.parse(text));
		expect(lines.map((entry) => entry.action ?? "error")).toEqual(["allow", "error", "deny"]);
		expect(run.status).toBe(0);
	}, 60_000);
});
