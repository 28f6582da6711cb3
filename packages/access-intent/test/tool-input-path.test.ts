import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
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
		["grep", { pattern: "x", path: "/etc", glob: "*.conf" }, ["/etc", "/etc/*.conf"]],
		["grep", { pattern: "KEY", glob: ".env" }, ["./.env"]],
		["grep", { pattern: "KEY", path: "src/", glob: "**/*.ts" }, ["src/", "src/**/*.ts"]],
		["find", { pattern: "*.ts", glob: ".env" }, []],
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
		expect(extractToolInputPaths(kind(name), input, none, POSIX_FLAVOR)).toEqual(expected);
	});

	it("reads `arguments.path` of an MCP proxy call and `path` of a native MCP call", () => {
		expect(
			extractToolInputPaths(kind("mcp"), { tool: "fs:read", arguments: { path: "/etc/hosts" } }, none, POSIX_FLAVOR),
		).toEqual(["/etc/hosts"]);
		expect(extractToolInputPaths(kind("mcp"), { tool: "fs:read", path: "/ignored" }, none, POSIX_FLAVOR)).toEqual([]);
		expect(extractToolInputPaths(kind("mcp__fs__read"), { path: "/etc/hosts" }, none, POSIX_FLAVOR)).toEqual([
			"/etc/hosts",
		]);
	});

	it("reads a shell alias's workdir and nothing from bash itself", () => {
		expect(extractToolInputPaths(kind("run_shell"), { cmd: "ls", cwd: "/tmp" }, none, POSIX_FLAVOR)).toEqual(["/tmp"]);
		expect(extractToolInputPaths(kind("bash"), { command: "cat /etc/hosts" }, none, POSIX_FLAVOR)).toEqual([]);
	});

	it("uses the `path` convention for an extension tool without an extractor, and nothing for a skill", () => {
		expect(extractToolInputPaths(kind("my_tool"), { path: "x" }, none, POSIX_FLAVOR)).toEqual(["x"]);
		expect(extractToolInputPaths(kind("skill"), { path: "x" }, none, POSIX_FLAVOR)).toEqual([]);
	});

	it("adds what a registered extractor declares to the convention", () => {
		const extractors = new Map<string, ToolAccessExtractor>([
			["copy", (_name, input) => [(input as { from: string }).from, (input as { to: string }).to]],
		]);
		expect(
			extractToolInputPaths(kind("copy"), { from: "a", to: "/etc/b", path: "c" }, extractors, POSIX_FLAVOR),
		).toEqual(["c", "a", "/etc/b"]);
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
		expect(() => extractToolInputPaths(kind("copy"), {}, extractors, POSIX_FLAVOR)).toThrow("boom");
	});

	it("fails closed on an extractor that returns something other than a list of paths", () => {
		const extractors = new Map<string, ToolAccessExtractor>([["copy", () => "oops" as unknown as string[]]]);
		expect(() => extractToolInputPaths(kind("copy"), {}, extractors, POSIX_FLAVOR)).toThrow(/list of paths/);
	});
});

describe("a built-in file tool's path, spelled as Pi's tool opens it", () => {
	it.each([
		["@secrets/key.pem", "secrets/key.pem"],
		["@@x", "@x"],
		["@~/notes", "~/notes"],
		["file:///tmp/proj/%2eenv", "/tmp/proj/.env"],
		["@file:///tmp/a%20b", "/tmp/a b"],
		["a\u00a0b\u202fc\u3000d", "a b c d"],
		["file://remote-host/x", "file://remote-host/x"],
		["file://localhost/tmp/a", "/tmp/a"],
		["file:///tmp/a%2Fb", "file:///tmp/a%2Fb"],
		["file:///tmp/%zz", "file:///tmp/%zz"],
		["src/@a.ts", "src/@a.ts"],
	])("reads %j as %j", (raw, expected) => {
		expect(extractToolInputPaths(kind("read"), { path: raw }, none, POSIX_FLAVOR)).toEqual([expected]);
	});

	it("turns Git Bash drive paths into Windows paths on win32, as Pi does there", () => {
		expect(extractToolInputPaths(kind("read"), { path: "/c/Users/u/.env" }, none, WIN32_FLAVOR)).toEqual([
			"C:\\Users\\u\\.env",
		]);
		expect(extractToolInputPaths(kind("read"), { path: "@/mnt/d/x" }, none, WIN32_FLAVOR)).toEqual(["D:\\x"]);
		expect(extractToolInputPaths(kind("read"), { path: "file:///C:/x/%2eenv" }, none, WIN32_FLAVOR)).toEqual([
			"C:\\x\\.env",
		]);
		expect(extractToolInputPaths(kind("read"), { path: "file://server/share/x" }, none, WIN32_FLAVOR)).toEqual([
			"\\\\server\\share\\x",
		]);
		expect(extractToolInputPaths(kind("read"), { path: "/c/x" }, none, POSIX_FLAVOR)).toEqual(["/c/x"]);
	});

	it("leaves the paths of MCP and extension tools as they are (their tools read them their own way)", () => {
		expect(extractToolInputPaths(kind("mcp__fs__read"), { path: "@x" }, none, POSIX_FLAVOR)).toEqual(["@x"]);
		expect(extractToolInputPaths(kind("my_tool"), { path: "file:///x" }, none, POSIX_FLAVOR)).toEqual(["file:///x"]);
	});
});
