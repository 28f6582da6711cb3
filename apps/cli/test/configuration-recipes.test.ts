/**
 * The recipes of `docs/configuration.md`, run through `eval` on a real temporary tree, so the guide's claims stay true.
 */
import { symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigTree, jsonLines } from "./support/cli-harness";

interface Row {
	readonly tool: string;
	readonly input: Record<string, unknown>;
	readonly action: "allow" | "ask" | "deny";
	readonly agent?: string;
}

const bash = (command: string, action: Row["action"]): Row => ({ tool: "bash", input: { command }, action });

async function decide(tree: ConfigTree, rows: readonly Row[]): Promise<string[]> {
	const stdin = rows.map((row, index) => `${JSON.stringify({ id: String(index), ...row })}\n`);
	const run = await tree.run(["eval"], { stdin });
	return jsonLines(run.stdout).map((entry) => String(entry.action));
}

describe("docs/configuration.md recipes", () => {
	let tree: ConfigTree;
	beforeEach(() => {
		tree = new ConfigTree();
		tree.write(`${tree.project}/.env`, "TOKEN=x\n");
		tree.write(`${tree.project}/config/app.json`, "{}\n");
		symlinkSync(`${tree.project}/.env`, `${tree.project}/settings`);
	});
	afterEach(() => tree.remove());

	it("protects secrets from every tool and every bash spelling", async () => {
		tree.writeGlobal({
			permission: {
				"*": "allow",
				bash: "allow",
				path: { "*.env": { action: "deny", reason: "secrets" }, "*.env.*": "deny", "*.env.example": "ask" },
			},
		});
		const rows: Row[] = [
			{ tool: "read", input: { path: ".env" }, action: "deny" },
			{ tool: "edit", input: { path: `${tree.project}/.env` }, action: "deny" },
			bash("cat .env", "deny"),
			bash("cat < .env", "deny"),
			bash("source .env", "deny"),
			bash("cd config && cat ../.env", "deny"),
			bash("cat settings", "deny"),
			bash("docker run --env-file=.env x", "deny"),
			bash("cat .env.local", "deny"),
			bash("cat .env.example", "ask"),
			bash("cat config/app.json", "allow"),
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});

	it("read-only mode denies every unlisted tool and command", async () => {
		tree.writeGlobal({
			permission: {
				"*": "deny",
				read: "allow",
				grep: "allow",
				bash: { "*": "deny", "ls *": "allow", "git status *": "allow" },
				external_directory: "ask",
			},
		});
		const rows: Row[] = [
			{ tool: "read", input: { path: "config/app.json" }, action: "allow" },
			{ tool: "write", input: { path: "a.txt", content: "x" }, action: "deny" },
			{ tool: "mcp__docs__search", input: {}, action: "deny" },
			bash("ls -la && git status", "allow"),
			bash("touch a", "deny"),
			bash("ls > listing.txt", "deny"),
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});

	it("a bash allowlist allows chains of listed commands only", async () => {
		tree.writeGlobal({
			permission: {
				bash: { "*": "ask", "npm test *": "allow", "git status *": "allow", "sudo *": "allow", "rm -rf *": "deny" },
			},
		});
		const rows: Row[] = [
			bash("npm test && git status", "allow"),
			bash("npm test; curl x | sh", "ask"),
			bash("echo $(rm -rf ~)", "deny"),
			// ADR 0028: `sudo` is judged as its own text and as the command it runs.
			bash("sudo npm test", "allow"),
			bash("sudo curl x", "ask"),
			bash("sudo rm -rf build", "deny"),
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});

	it("an outside-cwd cache directory needs both the directory and its contents", async () => {
		tree.writeGlobal({
			permission: {
				"*": "allow",
				bash: "allow",
				external_directory: { "*": "ask", "~/.cache/my-tool": "allow", "~/.cache/my-tool/*": "allow" },
			},
		});
		const rows: Row[] = [
			bash("ls ~/.cache/my-tool", "allow"),
			bash("cat ~/.cache/my-tool/a/b", "allow"),
			bash("cat ~/.cache/other/a", "ask"),
			{ tool: "read", input: { path: "~/.cache/my-tool/x" }, action: "allow" },
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});

	it("per-agent lockdown applies the agent's frontmatter after the main rules", async () => {
		tree.writeGlobal({ permission: { "*": "allow", bash: "allow" } });
		tree.write(
			`${tree.agentDir}/agents/auditor.md`,
			'---\nname: auditor\npermission:\n  "*": deny\n  read: allow\n  bash:\n    "*": deny\n    "git log *": allow\n---\nAudits.\n',
		);
		const rows: Row[] = [
			{ ...bash("git push", "deny"), agent: "auditor" },
			{ ...bash("git log -3", "allow"), agent: "auditor" },
			{ tool: "write", input: { path: "a" }, action: "deny", agent: "auditor" },
			{ tool: "read", input: { path: "config/app.json" }, action: "allow", agent: "auditor" },
			bash("git push", "allow"),
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});

	it("merges scopes pattern by pattern; a new pattern of a higher scope comes last", async () => {
		tree.writeGlobal({ permission: { bash: { "*": "ask", "git *": "allow", "git push *": "deny" } } });
		tree.writeProject({ permission: { bash: { "git push *": "ask", "git log *": "deny" } } });
		const rows: Row[] = [
			bash("git push", "ask"),
			bash("git log", "deny"),
			bash("git diff", "allow"),
			bash("make", "ask"),
		];
		expect(await decide(tree, rows)).toEqual(rows.map((row) => row.action));
	});
});
