import { describe, expect, it } from "vitest";
import { validateConfig } from "../../src/config/config-validation";
import { BUILTIN_TOOL_NAMES, judgeSurfaceKey, SURFACE_NAMES } from "../../src/config/surface-keys";

const none = new Set<string>();

describe("judgeSurfaceKey", () => {
	it.each([...SURFACE_NAMES, ...BUILTIN_TOOL_NAMES])("knows `%s`", (key) => {
		expect(judgeSurfaceKey(key, none)).toEqual({ kind: "known" });
	});

	it.each([
		["paths", "path"],
		["bsh", "bash"],
		["Bash", "bash"],
		["BASH", "bash"],
		["extrenal_directory", "external_directory"],
		["externaldirectory", "external_directory"],
		["Read", "read"],
		["wrte", "write"],
		["LS", "ls"],
		["MCP", "mcp"],
		["skills", "skill"],
		["gerp", "grep"],
	])("takes `%s` for a typo of `%s`", (key, suggestion) => {
		expect(judgeSurfaceKey(key, none)).toEqual({ kind: "near-miss", suggestion });
	});

	it.each(["lsp", "my_tool", "subagent", "web_search", "todo", "sh", "cd", "rg"])(
		"takes `%s` for an unknown tool, not a typo",
		(key) => {
			expect(judgeSurfaceKey(key, none)).toEqual({ kind: "unknown" });
		},
	);

	it.each(["mcp__exa__search", "re*", "ba?h"])("knows the tool name or surface pattern `%s`", (key) => {
		expect(judgeSurfaceKey(key, none)).toEqual({ kind: "known" });
	});

	it("knows a declared tool, even one that looks like a typo", () => {
		expect(judgeSurfaceKey("my_tool", new Set(["my_tool"]))).toEqual({ kind: "known" });
		expect(judgeSurfaceKey("Read", new Set(["Read"]))).toEqual({ kind: "known" });
	});
});

describe("validateConfig: surface keys (ADR 0022)", () => {
	it.each(["paths", "bsh", "Bash", "extrenal_directory"])("rejects `%s` with a did-you-mean fix", (key) => {
		const result = validateConfig({ permission: { [key]: { "*.env": "deny" } } });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const [issue] = result.error;
		expect(issue).toMatchObject({ keyPath: ["permission", key], severity: "error" });
		expect(issue?.hint).toMatch(/^did you mean `[a-z_]+`\?/);
	});

	it("words the `paths` fix exactly", () => {
		const result = validateConfig({ permission: { paths: { "*.env": "deny" } } });
		expect(result.ok ? [] : result.error.map((i) => i.hint)).toEqual([
			"did you mean `path`? (if `paths` really is a tool, list it in `knownTools`)",
		]);
	});

	it("warns about an unknown key, naming it and how to silence it, and still accepts the file", () => {
		const result = validateConfig({ permission: { my_tool: "allow" } });
		expect(result.ok).toBe(true);
		if (!result.ok) return;
		expect(result.value.warnings).toEqual([
			{
				keyPath: ["permission", "my_tool"],
				message: "`my_tool` is not a surface or a built-in tool; its rules apply only if a tool of that name exists",
				hint: "if `my_tool` is an extension's tool, add it to `knownTools` to silence this warning; otherwise fix the name",
				severity: "warning",
			},
		]);
	});

	it("is silenced by `knownTools` and by `shellTools`", () => {
		const known = validateConfig({ knownTools: ["my_tool"], permission: { my_tool: "allow" } });
		expect(known.ok && known.value.warnings).toEqual([]);
		const shell = validateConfig({
			shellTools: { run: { commandArgument: "cmd" } },
			permission: { run: { "ls *": "allow" } },
		});
		expect(shell.ok && shell.value.warnings).toEqual([]);
	});

	it("never warns about the built-in surfaces and tools", () => {
		const permission = Object.fromEntries([...SURFACE_NAMES, ...BUILTIN_TOOL_NAMES].map((k) => [k, "ask"]));
		const result = validateConfig({ permission });
		expect(result.ok && result.value.warnings).toEqual([]);
	});

	it("rejects a `knownTools` that is not a list of unique names", () => {
		expect(validateConfig({ knownTools: "my_tool" }).ok).toBe(false);
		expect(validateConfig({ knownTools: ["a", "a"] }).ok).toBe(false);
	});
});
