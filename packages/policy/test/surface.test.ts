import { describe, expect, it } from "vitest";
import {
	BASH_SURFACE,
	CROSS_CUTTING_PATH_SURFACES,
	EXTERNAL_DIRECTORY_SURFACE,
	FILE_TOOL_SURFACES,
	MCP_SURFACE,
	PATH_SURFACE,
	PATH_SURFACES,
	READ_ONLY_FILE_TOOLS,
	SKILL_SURFACE,
	WHOLE_TOOL,
	WRITE_FILE_TOOLS,
} from "../src/surface";

describe("the surface vocabulary", () => {
	it.each([
		[BASH_SURFACE, "bash"],
		[MCP_SURFACE, "mcp"],
		[SKILL_SURFACE, "skill"],
		[PATH_SURFACE, "path"],
		[EXTERNAL_DIRECTORY_SURFACE, "external_directory"],
		[WHOLE_TOOL, "*"],
	])("%s is spelled %s in every config and on the wire", (name, spelled) => {
		expect(name).toBe(spelled);
	});

	it("the cross-cutting path gates are path and external_directory", () => {
		expect([...CROSS_CUTTING_PATH_SURFACES]).toEqual(["path", "external_directory"]);
	});

	it("path surfaces are the cross-cutting gates and the six file tools, in that order", () => {
		expect(FILE_TOOL_SURFACES).toEqual(["read", "write", "edit", "grep", "find", "ls"]);
		expect([...PATH_SURFACES]).toEqual(["path", "external_directory", "read", "write", "edit", "grep", "find", "ls"]);
	});

	it.each(["read", "grep", "find", "ls"])("%s is a read-only file tool", (tool) => {
		expect(READ_ONLY_FILE_TOOLS.has(tool)).toBe(true);
	});

	it.each(["write", "edit", "bash"])("%s is not a read-only file tool", (tool) => {
		expect(READ_ONLY_FILE_TOOLS.has(tool)).toBe(false);
	});

	it("the file tools that write are write and edit, the file tools that do not only read", () => {
		expect([...WRITE_FILE_TOOLS]).toEqual(["write", "edit"]);
	});
});
