import { describe, expect, it } from "vitest";
import { extractToolInputPaths, type ToolAccessExtractor } from "../src/tool-input-path";
import { classifyTool } from "../src/tool-kind";

const shellTools = { run_shell: { commandArgument: "cmd", workdirArgument: "cwd" } };
const kind = (name: string) => classifyTool(name, { shellTools });
const none = new Map<string, ToolAccessExtractor>();

describe("extractToolInputPaths", () => {
	it.each([
		["read", { path: "src/a.ts", offset: 2 }, ["src/a.ts"]],
		["write", { path: "out.txt", content: "x" }, ["out.txt"]],
		["edit", { path: ".env", edits: [] }, [".env"]],
		["grep", { pattern: "x", path: "/etc", glob: "*.conf" }, ["/etc"]],
		["grep", { pattern: "x" }, []],
		["find", { pattern: "*.ts" }, []],
		["find", { pattern: "*.ts", path: "../other" }, ["../other"]],
		["ls", {}, []],
		["ls", { path: "~" }, ["~"]],
		["read", {}, []],
		["read", { path: "" }, []],
		["read", { path: 42 }, []],
		["read", null, []],
	])("reads %s input %j as %j", (name, input, expected) => {
		expect(extractToolInputPaths(kind(name), input, none)).toEqual(expected);
	});

	it("reads `arguments.path` of an MCP proxy call and `path` of a native MCP call", () => {
		expect(extractToolInputPaths(kind("mcp"), { tool: "fs:read", arguments: { path: "/etc/hosts" } }, none)).toEqual([
			"/etc/hosts",
		]);
		expect(extractToolInputPaths(kind("mcp"), { tool: "fs:read", path: "/ignored" }, none)).toEqual([]);
		expect(extractToolInputPaths(kind("mcp__fs__read"), { path: "/etc/hosts" }, none)).toEqual(["/etc/hosts"]);
	});

	it("reads a shell alias's workdir and nothing from bash itself", () => {
		expect(extractToolInputPaths(kind("run_shell"), { cmd: "ls", cwd: "/tmp" }, none)).toEqual(["/tmp"]);
		expect(extractToolInputPaths(kind("bash"), { command: "cat /etc/hosts" }, none)).toEqual([]);
	});

	it("uses the `path` convention for an extension tool without an extractor, and nothing for a skill", () => {
		expect(extractToolInputPaths(kind("my_tool"), { path: "x" }, none)).toEqual(["x"]);
		expect(extractToolInputPaths(kind("skill"), { path: "x" }, none)).toEqual([]);
	});

	it("adds what a registered extractor declares to the convention", () => {
		const extractors = new Map<string, ToolAccessExtractor>([
			["copy", (_name, input) => [(input as { from: string }).from, (input as { to: string }).to]],
		]);
		expect(extractToolInputPaths(kind("copy"), { from: "a", to: "/etc/b", path: "c" }, extractors)).toEqual([
			"c",
			"a",
			"/etc/b",
		]);
	});

	it("lets an extractor's throw reach the caller as its gate error", () => {
		const extractors = new Map<string, ToolAccessExtractor>([
			[
				"copy",
				() => {
					throw new Error("boom");
				},
			],
		]);
		expect(() => extractToolInputPaths(kind("copy"), {}, extractors)).toThrow("boom");
	});

	it("fails closed on an extractor that returns something other than a list of paths", () => {
		const extractors = new Map<string, ToolAccessExtractor>([["copy", () => "oops" as unknown as string[]]]);
		expect(() => extractToolInputPaths(kind("copy"), {}, extractors)).toThrow(/list of paths/);
	});
});
