import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EVASION_ROWS } from "../../../packages/engine/test/bash/bash-evasion.cases";
import { runCli } from "../src/cli-program";
import { ConfigTree, jsonLines } from "./support/cli-harness";

const POLICY = {
	permission: {
		"*": "ask",
		read: "allow",
		path: { "*.env": "deny" },
		mcp: { "*": "ask", "docs:*": "allow" },
		bash: { "*": "ask", "ls *": "allow", "git status *": "allow", "rm *": "deny" },
	},
};

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

describe("pi-permissions eval", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal(POLICY);
	});
	afterEach(() => tree.remove());

	it("answers one line per call, in order, with the wire fields", async () => {
		const run = await tree.run(["eval"], {
			stdin: [
				line({ id: "a", tool: "bash", input: { command: "ls -la" } }),
				line({ id: "b", tool: "bash", input: { command: "rm -rf x" } }),
				line({ id: "c", tool: "bash", input: { command: "git push" } }),
				line({ id: "d", tool: "read", input: { path: ".env" } }),
				line({ id: "e", tool: "mcp", input: { tool: "docs:search" } }),
			],
		});
		const out = jsonLines(run.stdout);
		expect(out.map((entry) => [entry.id, entry.action])).toEqual([
			["a", "allow"],
			["b", "deny"],
			["c", "ask"],
			["d", "deny"],
			["e", "allow"],
		]);
		expect(Object.keys(out[0] ?? {})).toEqual([
			"id",
			"action",
			"surface",
			"matchedPattern",
			"origin",
			"gate",
			"suggestion",
			"reason",
		]);
		expect(out[2]).toMatchObject({ surface: "bash", gate: "tool", suggestion: { patterns: ["git push *"] } });
		expect(run.code).toBe(0);
	});

	it("answers an invalid line with an error and keeps going", async () => {
		const run = await tree.run(["eval"], {
			stdin: [
				"not json\n",
				line({ id: "1", tool: "bash", input: { command: "ls" } }),
				line({ tool: "bash", input: {} }),
				line({ id: "2", tool: "two words", input: {} }),
				line({ id: "3", tool: "bash", input: "ls" }),
				"\n",
				line({ id: "4", tool: "bash", input: { command: "rm x" } }),
			],
		});
		const out = jsonLines(run.stdout);
		expect(out.map((entry) => [entry.id, entry.action ?? "error"])).toEqual([
			[null, "error"],
			["1", "allow"],
			[null, "error"],
			["2", "error"],
			["3", "error"],
			["4", "deny"],
		]);
		expect(out[0]?.error).toContain("not JSON");
	});

	it("answers an over-long line with its id and `line too long`, and answers the lines after it", async () => {
		const padding = "a".repeat(5000);
		const run = await tree.run(["eval", "--max-line-bytes", "2048"], {
			stdin: [
				line({ id: "long", tool: "bash", input: { command: `echo ${padding}` } }),
				line({ tool: "bash", input: { command: `echo ${padding}` }, id: "late-id" }),
				line({ id: "next", tool: "bash", input: { command: "rm x" } }),
			],
		});
		expect(run.code).toBe(0);
		expect(jsonLines(run.stdout)).toEqual([
			{ id: "long", error: "line too long" },
			{ id: null, error: "line too long" },
			expect.objectContaining({ id: "next", action: "deny" }),
		]);
	});

	it("reads lines up to 1 MiB by default", async () => {
		const command = `echo ${"a".repeat(1024 * 1024 - 100)}`;
		const run = await tree.run(["eval"], {
			stdin: [
				line({ id: "big", tool: "bash", input: { command } }),
				line({
					id: "x",
					tool: "bash",
					input: {
						command: `${command}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
					},
				}),
			],
		});
		const out = jsonLines(run.stdout);
		expect(out[0]).toMatchObject({ id: "big" });
		expect(out[0]?.error).toBeUndefined();
		expect(out[1]).toEqual({ id: "x", error: "line too long" });
	}, 60_000);

	it.each(["0", "-1", "ten", "1.5", ""])("refuses --max-line-bytes %j as a usage error", async (value) => {
		const run = await tree.run(["eval", "--max-line-bytes", value], { stdin: [] });
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("--max-line-bytes");
	});

	it("says on stderr when an agent a line names has no file, and still answers", async () => {
		tree.write(`${tree.agentDir}/agents/plain.md`, "---\ndescription: no permission key\n---\n");
		const run = await tree.run(["eval"], {
			stdin: [
				line({ id: "1", tool: "bash", input: { command: "ls" }, agent: "reviewr" }),
				line({ id: "2", tool: "bash", input: { command: "ls" }, agent: "reviewr" }),
				line({ id: "3", tool: "bash", input: { command: "ls" }, agent: "plain" }),
			],
		});
		expect(jsonLines(run.stdout).map((entry) => entry.action)).toEqual(["allow", "allow", "allow"]);
		expect(run.stderr.match(/no agent `reviewr`/g)).toHaveLength(1);
		expect(run.stderr).not.toContain("`plain`");
	});

	it("applies each line's agent", async () => {
		tree.write(`${tree.agentDir}/agents/locked.md`, "---\npermission:\n  bash: deny\n---\n");
		const run = await tree.run(["eval"], {
			stdin: [
				line({ id: "main", tool: "bash", input: { command: "ls" } }),
				line({ id: "agent", tool: "bash", input: { command: "ls" }, agent: "locked" }),
				line({ id: "bad-agent", tool: "bash", input: { command: "ls" }, agent: "../x" }),
			],
		});
		expect(jsonLines(run.stdout).map((entry) => [entry.id, entry.action])).toEqual([
			["main", "allow"],
			["agent", "deny"],
			["bad-agent", "ask"],
		]);
	});

	it("streams: each answer is written before the next line is read", async () => {
		const seen: { beforeSecond: string } = { beforeSecond: "" };
		const output: { read: () => string } = { read: () => "" };
		async function* slowLines() {
			yield line({ id: "first", tool: "bash", input: { command: "ls" } });
			// By the time the second line is asked for, the first answer is out.
			await new Promise((resolve) => setTimeout(resolve, 50));
			seen.beforeSecond = output.read();
			yield line({ id: "second", tool: "bash", input: { command: "ls" } });
		}
		const harness = tree.host({ stdin: slowLines() });
		output.read = () => harness.output().stdout;
		expect(await runCli(["eval"], harness.host)).toBe(0);
		expect(jsonLines(seen.beforeSecond).map((entry) => entry.id)).toEqual(["first"]);
		expect(jsonLines(output.read())).toHaveLength(2);
	});

	it("decides 10,000 mixed calls in one process, in order", async () => {
		const calls = [
			{ tool: "bash", input: { command: "ls -la && git status" }, action: "allow" },
			{ tool: "bash", input: { command: "echo $(rm -rf ~/x)" }, action: "deny" },
			{ tool: "read", input: { path: "src/a.ts" }, action: "allow" },
			{ tool: "read", input: { path: ".env" }, action: "deny" },
			{ tool: "write", input: { path: "a.txt", content: "x" }, action: "ask" },
			{ tool: "mcp__docs__search", input: {}, action: "allow" },
			{ tool: "bash", input: { command: "git push" }, action: "ask" },
		];
		const count = 10_000;
		const stdin = (function* () {
			for (let index = 0; index < count; index++) {
				const call = calls[index % calls.length];
				yield line({ id: String(index), tool: call?.tool, input: call?.input });
			}
		})();
		const run = await tree.run(["eval"], { stdin });
		const out = jsonLines(run.stdout);
		expect(out).toHaveLength(count);
		out.forEach((entry, index) => {
			expect(entry.id).toBe(String(index));
			expect(entry.action).toBe(calls[index % calls.length]?.action);
		});
	}, 120_000);
});

describe("pi-permissions eval under rm *: deny", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { bash: { "*": "allow", "rm *": "deny" } } });
	});
	afterEach(() => tree.remove());

	it("never allows an evasion row of the engine's table", async () => {
		expect(EVASION_ROWS.length).toBeGreaterThanOrEqual(60);
		const run = await tree.run(["eval"], {
			stdin: EVASION_ROWS.map((row) => line({ id: row.id, tool: "bash", input: { command: row.command } })),
		});
		const out = jsonLines(run.stdout);
		expect(out.map((entry) => entry.id)).toEqual(EVASION_ROWS.map((row) => row.id));
		const allowed = out.filter((entry) => entry.action !== "deny" && entry.action !== "ask");
		expect(allowed).toEqual([]);
	});
});

describe("pi-permissions eval with an invalid project scope", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.writeGlobal({ permission: { "*": "allow", bash: "allow", read: "allow", mcp: "allow" } });
		tree.writeProject({ permission: { bash: { "ls *": "alow" } } });
	});
	afterEach(() => tree.remove());

	it("allows nothing anywhere", async () => {
		const calls = [
			{ tool: "bash", input: { command: "ls" } },
			{ tool: "bash", input: { command: "git status && ls" } },
			{ tool: "read", input: { path: "a.txt" } },
			{ tool: "write", input: { path: "a.txt" } },
			{ tool: "mcp__docs__search", input: {} },
			{ tool: "custom_tool", input: {} },
		];
		const run = await tree.run(["eval"], {
			stdin: calls.map((call, index) => line({ id: String(index), ...call })),
		});
		const out = jsonLines(run.stdout);
		expect(out).toHaveLength(calls.length);
		for (const entry of out) expect(entry.action).not.toBe("allow");
		expect(out[0]).toMatchObject({ action: "ask", origin: "fail-closed" });
		expect(run.stderr).toContain(tree.projectFile);
	});

	it("allows nothing through check either", async () => {
		const run = await tree.run(["check", "bash", "ls", "--json"]);
		expect(JSON.parse(run.stdout)).toMatchObject({ action: "ask", origin: "fail-closed" });
		expect(run.code).toBe(2);
	});
});
