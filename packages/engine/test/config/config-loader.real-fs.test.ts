import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { composePolicy, POSIX_FLAVOR, type ScopeOutcome } from "@pi-permissions/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeConfigFileSystem } from "../../src/config/config-file-system";
import { formatConfigLoadIssue } from "../../src/config/config-load-issue";
import { ConfigLoader, type ConfigLoadRequest } from "../../src/config/config-loader";
import { agentMarkdown, type ConfigTree, createConfigTree } from "../support/config-tree";
import {
	AGENT_OVERRIDE_FRONTMATTER,
	AGENT_OVERRIDE_GLOBAL,
	AGENT_OVERRIDE_ROWS,
	CONFIG_LOAD_ROWS,
	PERMISSIVE_UNIVERSAL,
} from "./config-loader.cases";

let tree: ConfigTree;
beforeEach(() => {
	tree = createConfigTree();
});
afterEach(() => tree.remove());

const loader = () => new ConfigLoader({ fileSystem: createNodeConfigFileSystem(), flavor: "posix" });
const request = (overrides: Partial<ConfigLoadRequest> = {}): ConfigLoadRequest => ({
	cwd: tree.cwd,
	agentDir: tree.agentDir,
	agentName: null,
	isProjectTrusted: () => true,
	...overrides,
});
const compose = (scopes: readonly ScopeOutcome[]) =>
	composePolicy({ scopes, env: { home: tree.home, flavor: POSIX_FLAVOR } });

describe("ConfigLoader.load (config.load corpus)", () => {
	it.each(CONFIG_LOAD_ROWS)("$id $title -> accepted $accepted", async (row) => {
		tree.writeGlobal(row.file);
		const result = await loader().load(request());
		const [global] = result.scopes;
		expect(global?.status).toBe(row.accepted ? "valid" : "invalid");
		if (row.accepted) {
			expect(result.issues).toEqual([]);
			expect(compose(result.scopes).decision.evaluate("bash", "git status")).toMatchObject({
				state: "allow",
				origin: "global",
			});
		} else {
			expect(global).toMatchObject({ status: "invalid", source: tree.globalFile });
			expect(result.issues[0]).toMatchObject({
				scope: "global",
				file: tree.globalFile,
				keyPath: row.keyPath,
				severity: "error",
			});
			// The scope contributes nothing: only the built-in ask remains.
			expect(compose(result.scopes).decision.evaluate("bash", "git status")).toMatchObject({
				state: "ask",
				origin: "builtin",
			});
		}
	});

	it(`${PERMISSIVE_UNIVERSAL.id} warns that bash inherits a permissive top-level "*"`, async () => {
		tree.writeGlobal(PERMISSIVE_UNIVERSAL.file);
		const result = await loader().load(request());
		const notices = compose(result.scopes).notices;
		expect(notices).toContainEqual(expect.objectContaining({ kind: "permissive-universal" }));
		expect(notices.find((notice) => notice.kind === "permissive-universal")?.message).toContain(
			"bash inherits permissive",
		);
	});
});

describe("ConfigLoader.load (agent.override corpus)", () => {
	it.each(AGENT_OVERRIDE_ROWS)("$id $surface for agent $agentName -> $state from $origin", async (row) => {
		tree.writeGlobal(AGENT_OVERRIDE_GLOBAL);
		tree.writeAgent("reviewer", agentMarkdown(AGENT_OVERRIDE_FRONTMATTER));
		const result = await loader().load(request({ agentName: row.agentName }));
		expect(result.issues).toEqual([]);
		const value = row.surface === "bash" ? "git status" : join(tree.cwd, "README.md");
		expect(compose(result.scopes).decision.evaluate(row.surface, value)).toMatchObject({
			state: row.state,
			origin: row.origin,
		});
	});

	it("lets the project agent file override the global agent file", async () => {
		tree.writeAgent("reviewer", agentMarkdown("permission:\n  bash:\n    'rm *': deny"));
		tree.writeProjectAgent("reviewer", agentMarkdown("permission:\n  bash:\n    'git status': allow"));
		const result = await loader().load(request({ agentName: "reviewer" }));
		const decision = compose(result.scopes).decision;
		expect(decision.evaluate("bash", "git status")).toMatchObject({ state: "allow", origin: "project-agent" });
		expect(decision.evaluate("bash", "rm -rf /")).toMatchObject({ state: "deny", origin: "agent" });
	});

	it("reports each scope's file in precedence order", async () => {
		tree.writeGlobal("{}");
		const result = await loader().load(request({ agentName: "reviewer" }));
		expect(result.reports).toEqual([
			{ scope: "global", file: tree.globalFile, status: "valid" },
			{ scope: "project", file: tree.projectFile, status: "absent" },
			{ scope: "agent", file: tree.agentFile("reviewer"), status: "absent" },
			{ scope: "project-agent", file: tree.projectAgentFile("reviewer"), status: "absent" },
		]);
		expect(result.scopes.map((scope) => scope.scope)).toEqual(["global", "project", "agent", "project-agent"]);
	});
});

const PERMISSIVE_GLOBAL = JSON.stringify({
	permission: {
		"*": "allow",
		bash: { "*": "allow", "rm *": "allow" },
		read: "allow",
		write: { "*": "allow" },
		edit: "allow",
		mcp: { "*": "allow", "exa:*": "allow" },
		path: { "*": "allow" },
		external_directory: "allow",
		skill: "allow",
		my_extension_tool: "allow",
	},
});

interface InvalidScopeRow {
	readonly how: string;
	readonly arrange: (tree: ConfigTree) => string;
	readonly agentName: string | null;
	readonly keyPath: readonly (string | number)[];
	readonly hintIncludes: string;
}

const INVALID_NON_GLOBAL: readonly InvalidScopeRow[] = [
	{
		how: "a project file with a misspelt action",
		arrange: (t) => t.writeProject('{ "permission": { "bash": { "git push": "alow" } } }'),
		agentName: null,
		keyPath: ["permission", "bash", "git push"],
		hintIncludes: "`allow`",
	},
	{
		how: "a project file with a parse error",
		arrange: (t) => t.writeProject('{ "permission": { "bash": "allow" '),
		agentName: null,
		keyPath: [],
		hintIncludes: "close",
	},
	{
		how: "a project file with an unknown key",
		arrange: (t) => t.writeProject('{ "permissions": { "bash": "allow" } }'),
		agentName: null,
		keyPath: ["permissions"],
		hintIncludes: "`permission`",
	},
	{
		how: "a directory where the project file should be",
		arrange: (t) => {
			mkdirSync(t.projectFile, { recursive: true });
			return t.projectFile;
		},
		agentName: null,
		keyPath: [],
		hintIncludes: "remove the directory",
	},
	{
		how: "a project agent with an invalid permission block",
		arrange: (t) => t.writeProjectAgent("coder", agentMarkdown("permission:\n  bash: yes")),
		agentName: "coder",
		keyPath: ["permission", "bash"],
		hintIncludes: "`allow`",
	},
];

describe("ConfigLoader.load (fail closed)", () => {
	it.each(INVALID_NON_GLOBAL)("yields no allow anywhere with a permissive global file and $how", async (row) => {
		tree.writeGlobal(PERMISSIVE_GLOBAL);
		const file = row.arrange(tree);
		const result = await loader().load(request({ agentName: row.agentName }));
		const composed = compose(result.scopes);
		const decision = composed.decision;
		const probes: readonly [string, string][] = [
			["bash", "ls"],
			["bash", "rm -rf /"],
			["read", join(tree.cwd, "src/index.ts")],
			["read", "/etc/passwd"],
			["write", join(tree.cwd, "out.txt")],
			["edit", join(tree.cwd, "out.txt")],
			["mcp", "exa:search"],
			["path", join(tree.cwd, ".env")],
			["external_directory", "/opt/elsewhere"],
			["skill", "deploy"],
			["my_extension_tool", "*"],
			["another_tool", "*"],
		];
		for (const [surface, value] of probes) {
			expect(decision.evaluate(surface, value).state, `${surface} ${value}`).not.toBe("allow");
			expect(composed.toolPermission(surface), surface).not.toBe("allow");
		}
		expect(decision.evaluateCandidates("mcp", ["exa:search", "exa", "search"]).state).not.toBe("allow");
		expect(composed.rules.some((rule) => rule.action === "allow")).toBe(false);

		const issue = result.issues.find((found) => found.severity === "error");
		expect(issue).toMatchObject({ file, keyPath: row.keyPath });
		expect(issue?.hint).toContain(row.hintIncludes);
		expect(issue?.message).not.toContain("\n");
		expect(formatConfigLoadIssue(issue ?? expect.fail("no issue"))).toContain(file);
	});
});
