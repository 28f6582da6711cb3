import { POSIX_FLAVOR, WIN32_FLAVOR } from "@pi-permissions/policy";
import { describe, expect, it } from "vitest";
import { isAbsolutePath, joinPath, normalizePath, parentPath, relativeInside } from "../../src/path/path-syntax";

describe("normalizePath", () => {
	it.each([
		["/a/./b//c/", "/a/b/c"],
		["/a/b/../../..", "/"],
		["//", "/"],
		["a/../../b", "../b"],
		["./", "."],
		["", "."],
		["/dev/null/subdir", "/dev/null/subdir"],
	])("folds posix %j to %j", (input, expected) => {
		expect(normalizePath(input, POSIX_FLAVOR)).toBe(expected);
	});

	it.each([
		["C:/Users/u/../x", "C:\\Users\\x"],
		["c:\\a\\.\\b\\", "C:\\a\\b"],
		["C:\\..\\..", "C:\\"],
		["\\\\server\\share\\a\\..\\b", "\\\\server\\share\\b"],
		["/tmp/x", "\\tmp\\x"],
		["src/foo.ts", "src\\foo.ts"],
	])("folds win32 %j to %j", (input, expected) => {
		expect(normalizePath(input, WIN32_FLAVOR)).toBe(expected);
	});
});

describe("isAbsolutePath", () => {
	it.each([
		["/x", true],
		["x", false],
		["~/x", false],
		["C:/x", false],
	])("reads posix %j as absolute: %s", (input, expected) => {
		expect(isAbsolutePath(input, POSIX_FLAVOR)).toBe(expected);
	});

	it.each([
		["C:\\x", true],
		["C:/x", true],
		["\\\\host\\share", true],
		["\\x", true],
		["x\\y", false],
	])("reads win32 %j as absolute: %s", (input, expected) => {
		expect(isAbsolutePath(input, WIN32_FLAVOR)).toBe(expected);
	});
});

describe("joinPath", () => {
	it("resolves a relative path against the base and keeps an absolute one", () => {
		expect(joinPath("/projects/app", "../x", POSIX_FLAVOR)).toBe("/projects/x");
		expect(joinPath("/projects/app", "/etc/hosts", POSIX_FLAVOR)).toBe("/etc/hosts");
		expect(joinPath("C:\\work\\app", "..\\x", WIN32_FLAVOR)).toBe("C:\\work\\x");
	});
});

describe("parentPath", () => {
	it("returns the parent and null at a root", () => {
		expect(parentPath("/a/b", POSIX_FLAVOR)).toBe("/a");
		expect(parentPath("/", POSIX_FLAVOR)).toBeNull();
		expect(parentPath("C:\\a", WIN32_FLAVOR)).toBe("C:\\");
	});
});

describe("relativeInside", () => {
	it.each([
		["/projects/app", "/projects/app/src/a.ts", "src/a.ts"],
		["/projects/app", "/projects/app", "."],
		["/projects/app", "/projects/application/x", null],
		["/projects/app", "/projects", null],
		["/", "/etc", "etc"],
	])("places %j relative to posix dir %j", (dir, path, expected) => {
		expect(relativeInside(dir, path, POSIX_FLAVOR)).toBe(expected);
	});

	it("folds case and separators on win32", () => {
		expect(relativeInside("C:\\Work\\App", "c:/work/app/SRC/a.ts", WIN32_FLAVOR)).toBe("SRC/a.ts");
		expect(relativeInside("C:\\Work\\App", "C:\\Work\\Apple", WIN32_FLAVOR)).toBeNull();
	});

	it("keeps posix comparisons case-sensitive", () => {
		expect(relativeInside("/projects/app", "/projects/App/x", POSIX_FLAVOR)).toBeNull();
	});
});
