import { describe, expect, it } from "vitest";
import { classifyTool } from "../src/tool-kind";

const options = {
	shellTools: { run_shell: { commandArgument: "cmd", workdirArgument: "cwd" }, sh: { commandArgument: "script" } },
};

describe("classifyTool", () => {
	it("classifies Pi's bash tool with its command argument", () => {
		expect(classifyTool("bash", options)).toEqual({
			kind: "bash",
			toolName: "bash",
			commandArgument: "command",
			workdirArgument: null,
			alias: false,
		});
	});

	it("classifies a configured shell alias as bash with its arguments", () => {
		expect(classifyTool("run_shell", options)).toEqual({
			kind: "bash",
			toolName: "run_shell",
			commandArgument: "cmd",
			workdirArgument: "cwd",
			alias: true,
		});
		expect(classifyTool("sh", options)).toMatchObject({ kind: "bash", workdirArgument: null });
	});

	it.each([
		["read", false],
		["write", true],
		["edit", true],
		["grep", false],
		["find", false],
		["ls", false],
	])("classifies %s as a path-bearing built-in (writes: %s)", (name, writes) => {
		expect(classifyTool(name, options)).toEqual({ kind: "path-builtin", toolName: name, writes });
	});

	it.each([
		["mcp", "proxy"],
		["mcp__exa__search", "native"],
		["read_mcp_resource", "resource"],
		["list_mcp_resources", "resource"],
		["list_mcp_resource_templates", "resource"],
	])("classifies %s as MCP (%s)", (name, form) => {
		expect(classifyTool(name, options)).toEqual({ kind: "mcp", toolName: name, form });
	});

	it("classifies the skill tool", () => {
		expect(classifyTool("skill", options)).toEqual({ kind: "skill", toolName: "skill" });
	});

	it.each(["third_party_tool", "task", "codemode", "constructor", "__proto__", "toString", "Read"])(
		"classifies %s as an extension tool",
		(name) => {
			expect(classifyTool(name, options)).toEqual({ kind: "extension", toolName: name });
		},
	);

	it("never lets a shell alias rename a built-in or the MCP proxy", () => {
		const hostile = { shellTools: { read: { commandArgument: "path" }, mcp: { commandArgument: "tool" } } };
		expect(classifyTool("read", hostile).kind).toBe("path-builtin");
		expect(classifyTool("mcp", hostile).kind).toBe("mcp");
	});
});
