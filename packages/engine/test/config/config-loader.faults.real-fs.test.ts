import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeConfigFileSystem } from "../../src/config/config-file-system";
import type { ConfigLoadIssueKind } from "../../src/config/config-load-issue";
import { ConfigLoader } from "../../src/config/config-loader";
import { agentMarkdown, type ConfigTree, createConfigTree } from "../support/config-tree";
import { CountingFileSystem, systemError } from "../support/counting-file-system";

let tree: ConfigTree;
beforeEach(() => {
	tree = createConfigTree();
});
afterEach(() => tree.remove());

const load = (fileSystem = createNodeConfigFileSystem(), agentName: string | null = null) =>
	new ConfigLoader({ fileSystem, flavor: "posix" }).load({
		cwd: tree.cwd,
		agentDir: tree.agentDir,
		agentName,
		isProjectTrusted: () => true,
	});

interface FaultRow {
	readonly fault: string;
	/** Creates the fault at the global file's path. */
	readonly arrange: (tree: ConfigTree) => void;
	readonly kind: ConfigLoadIssueKind;
	readonly message: string;
	readonly line?: number;
	readonly column?: number;
}

const SIX_MB = 6 * 1024 * 1024;

const GLOBAL_FAULTS: readonly FaultRow[] = [
	{
		fault: "a directory where the file should be",
		arrange: (t) => mkdirSync(t.globalFile, { recursive: true }),
		kind: "unreadable",
		message: "a directory stands where the config file should be",
	},
	{
		fault: "a dangling symbolic link",
		arrange: (t) => {
			mkdirSync(join(t.globalFile, ".."), { recursive: true });
			symlinkSync(join(t.root, "nowhere.json"), t.globalFile);
		},
		kind: "unreadable",
		message: "symbolic link to a missing target",
	},
	{
		fault: "a symbolic link loop",
		arrange: (t) => {
			mkdirSync(join(t.globalFile, ".."), { recursive: true });
			symlinkSync(t.globalFile, t.globalFile);
		},
		kind: "unreadable",
		message: "loops through symbolic links",
	},
	{
		fault: "a 6 MB file",
		arrange: (t) => t.writeGlobal(`{"permission": {"bash": "ask"}, "$schema": "${"x".repeat(SIX_MB)}"}`),
		kind: "unreadable",
		message: "the config file is 6.0 MB; at most 5.0 MB are read",
	},
	{
		fault: "a FIFO",
		arrange: (t) => {
			mkdirSync(join(t.globalFile, ".."), { recursive: true });
			execFileSync("mkfifo", [t.globalFile]);
		},
		kind: "unreadable",
		message: "not a regular file",
	},
	{
		fault: "bytes that are not UTF-8",
		arrange: (t) => t.write(t.globalFile, new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
		kind: "unreadable",
		message: "not UTF-8 text",
	},
	{
		fault: "an empty file",
		arrange: (t) => t.writeGlobal(""),
		kind: "syntax",
		message: "the file is empty",
		line: 1,
		column: 1,
	},
	{
		fault: "a file of blank lines",
		arrange: (t) => t.writeGlobal("\n\n  \n"),
		kind: "syntax",
		message: "the file is empty",
		line: 1,
		column: 1,
	},
	{
		fault: "a file holding only a comment",
		arrange: (t) => t.writeGlobal("// nothing yet\n"),
		kind: "syntax",
		message: "a value is expected",
		line: 2,
		column: 1,
	},
	{ fault: "a file that is `null`", arrange: (t) => t.writeGlobal("null"), kind: "schema", message: "not `null`" },
	{ fault: "a file that is `[]`", arrange: (t) => t.writeGlobal("[]"), kind: "schema", message: "not a list" },
	{ fault: 'a file that is `"x"`', arrange: (t) => t.writeGlobal('"x"'), kind: "schema", message: "not the text `x`" },
	{
		fault: "a missing comma at line 4, column 5",
		arrange: (t) => t.writeGlobal('{\n  "permission": {\n    "bash": "allow"\n    "read": "deny"\n  }\n}\n'),
		kind: "syntax",
		message: "a comma is expected",
		line: 4,
		column: 5,
	},
	{
		fault: "an unclosed block comment at line 2, column 3",
		arrange: (t) => t.writeGlobal('{\n  /* rules\n  "permission": {}\n}\n'),
		kind: "syntax",
		message: "never closed",
		line: 2,
		column: 3,
	},
	{
		fault: "a key written twice",
		arrange: (t) =>
			t.writeGlobal('{"permission": {"bash": {\n  "rm *": "deny",\n  "*": "allow",\n  "rm *": "allow"\n}}}'),
		kind: "syntax",
		message: "the key `rm *` appears more than once",
		line: 4,
		column: 3,
	},
	{
		fault: "nesting 10,000 levels deep",
		arrange: (t) => t.writeGlobal(`{"permission": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`),
		kind: "syntax",
		message: "nests deeper than",
		line: 1,
	},
	{
		fault: "a `__proto__` pattern",
		arrange: (t) => t.writeGlobal('{"permission": {"bash": {"__proto__": {"action": "deny"}, "*": "allow"}}}'),
		kind: "schema",
		message: "`__proto__` is not allowed",
	},
	{
		fault: "a number-like pattern written after a pattern that then decides it",
		arrange: (t) => t.writeGlobal('{"permission": {"bash": {\n  "*": "allow",\n  "0": "deny"\n}}}'),
		kind: "key-order",
		message: "the number-like pattern `0` is read before `*`",
		line: 3,
		column: 3,
	},
];

describe("ConfigLoader.load (faults on real files)", () => {
	it.each(GLOBAL_FAULTS)("reports $fault as an invalid scope, never absent", async (row) => {
		row.arrange(tree);
		const result = await load();
		expect(result.scopes[0]).toMatchObject({ scope: "global", status: "invalid", source: tree.globalFile });
		const [issue] = result.issues;
		expect(issue).toMatchObject({ kind: row.kind, scope: "global", file: tree.globalFile, severity: "error" });
		expect(issue?.message).toContain(row.message);
		expect(issue?.message).not.toMatch(/[\r\n]/);
		expect(issue?.hint.length).toBeGreaterThan(0);
		if (row.line !== undefined) expect(issue?.line).toBe(row.line);
		if (row.column !== undefined) expect(issue?.column).toBe(row.column);
		if (row.kind === "syntax") expect(issue?.line).not.toBeNull();
	});

	it("reads a file with permissions 000 only where the OS lets this user read it", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		chmodSync(tree.globalFile, 0o000);
		const result = await load();
		// Root reads through mode 000, so there the file is valid; anyone else gets an invalid scope, never absent.
		const rootCanRead = process.getuid?.() === 0;
		expect(result.scopes[0]?.status).toBe(rootCanRead ? "valid" : "invalid");
		if (!rootCanRead) expect(result.issues[0]?.message).toContain("permission denied");
	});

	it("reports a read that fails with EACCES as permission denied", async () => {
		tree.writeGlobal('{"permission": {"bash": "deny"}}');
		const fileSystem = new CountingFileSystem(createNodeConfigFileSystem());
		fileSystem.failReads(tree.globalFile, systemError("EACCES"));
		const result = await load(fileSystem);
		expect(result.scopes[0]).toMatchObject({ status: "invalid", source: tree.globalFile });
		expect(result.issues[0]).toMatchObject({
			kind: "unreadable",
			message: "the config file cannot be read: permission denied",
			line: null,
			column: null,
		});
	});

	it("reports a stat that fails with EACCES on a parent folder as invalid", async () => {
		const fileSystem = new CountingFileSystem(createNodeConfigFileSystem());
		fileSystem.failStats(tree.projectFile, systemError("EACCES"));
		const result = await load(fileSystem);
		expect(result.scopes[1]).toMatchObject({ scope: "project", status: "invalid" });
		expect(result.issues[0]?.message).toBe("the config file cannot be reached: permission denied");
	});

	it("treats a path under a regular file as absent", async () => {
		tree.write(join(tree.agentDir, "extensions"), "not a folder");
		const result = await load();
		expect(result.scopes[0]).toEqual({ scope: "global", status: "absent" });
	});

	it("follows a symbolic link to a real config file", async () => {
		const real = tree.write(join(tree.root, "dotfiles", "permissions.json"), '{"permission": {"bash": "deny"}}');
		mkdirSync(join(tree.globalFile, ".."), { recursive: true });
		symlinkSync(real, tree.globalFile);
		const result = await load();
		expect(result.scopes[0]).toMatchObject({ status: "valid", source: tree.globalFile });
	});
});

interface AgentFaultRow {
	readonly fault: string;
	readonly markdown: string;
	readonly status: "invalid" | "absent" | "valid";
	readonly message?: string;
	readonly line?: number;
}

const aliasBomb = (): string => {
	const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
	for (const [name, previous] of [
		["b", "a"],
		["c", "b"],
		["d", "c"],
		["e", "d"],
		["f", "e"],
	] as const) {
		lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
	}
	lines.push("permission:\n  bash: deny\n  extra: *f");
	return lines.join("\n");
};

const AGENT_FAULTS: readonly AgentFaultRow[] = [
	{ fault: "no frontmatter", markdown: "# Reviewer\nNo settings here.\n", status: "absent" },
	{ fault: "frontmatter without `permission:`", markdown: agentMarkdown("name: coder\nmodel: x"), status: "absent" },
	{ fault: "empty frontmatter", markdown: "---\n---\nbody\n", status: "absent" },
	{ fault: "a valid permission block", markdown: agentMarkdown("permission:\n  bash: deny"), status: "valid" },
	{
		fault: "frontmatter that is never closed",
		markdown: "---\npermission:\n  bash: deny\n",
		status: "invalid",
		message: "the frontmatter is never closed",
		line: 1,
	},
	{
		fault: "malformed YAML (an unclosed flow list)",
		markdown: "---\nname: coder\npermission:\n  bash: [deny\n---\n",
		status: "invalid",
		message: "the frontmatter is not valid YAML",
	},
	{
		fault: "a permission key written twice",
		markdown: "---\npermission:\n  bash: deny\n  bash: allow\n---\n",
		status: "invalid",
		message: "the frontmatter is not valid YAML",
		line: 4,
	},
	{
		fault: "an alias bomb",
		markdown: `---\n${aliasBomb()}\n---\n`,
		status: "invalid",
		message: "expands too many `*alias` references",
	},
	{
		fault: "an anchor reused once",
		markdown: agentMarkdown("permission:\n  read: &r allow\n  grep: *r"),
		status: "valid",
	},
	{
		fault: "an empty `permission:`",
		markdown: agentMarkdown("permission:"),
		status: "invalid",
		message: "`permission` must be an object",
		line: 2,
	},
	{
		fault: "an invalid action",
		markdown: agentMarkdown("name: coder\npermission:\n  bash:\n    'git *': maybe"),
		status: "invalid",
		message: "`maybe` is not an action",
		line: 5,
	},
	{
		fault: "settings other than `permission:` (ignored)",
		markdown: agentMarkdown("yoloMode: true\npermission:\n  read: allow"),
		status: "valid",
	},
	{
		fault: "a list as the frontmatter",
		markdown: agentMarkdown("- permission\n- bash"),
		status: "invalid",
		message: "the frontmatter must be `key: value` lines",
	},
];

describe("ConfigLoader.load (agent frontmatter on real files)", () => {
	it.each(AGENT_FAULTS)("reads $fault as $status", async (row) => {
		tree.writeAgent("coder", row.markdown);
		const result = await load(createNodeConfigFileSystem(), "coder");
		const agent = result.scopes[2];
		expect(agent?.status).toBe(row.status);
		if (row.status === "invalid") {
			expect(agent).toMatchObject({ scope: "agent", source: tree.agentFile("coder") });
			const [issue] = result.issues;
			expect(issue).toMatchObject({ scope: "agent", file: tree.agentFile("coder"), severity: "error" });
			expect(issue?.message).toContain(row.message);
			expect(issue?.message).not.toMatch(/[\r\n]/);
			if (row.line !== undefined) expect(issue?.line).toBe(row.line);
		}
	});
});
