import { afterAll, describe, expect, it } from "vitest";
import { createNodeFileSystemProbe } from "../../src/path/file-system-probe";
import { createTmpTree } from "../support/tmp-tree";

const tree = createTmpTree({
	files: ["dir/file.txt"],
	symlinks: { "dir/link": "file.txt", dangling: "missing-target" },
});
afterAll(() => tree.remove());
const probe = createNodeFileSystemProbe();

describe("createNodeFileSystemProbe", () => {
	it("reports entry kinds without following the final symlink", () => {
		expect(probe.lstat(tree.path("dir"))).toEqual({ kind: "directory" });
		expect(probe.lstat(tree.path("dir/file.txt"))).toEqual({ kind: "file" });
		expect(probe.lstat(tree.path("dir/link"))).toEqual({ kind: "symlink" });
		expect(probe.lstat(tree.path("dangling"))).toEqual({ kind: "symlink" });
	});

	it("resolves symlinks and returns null for what does not exist", () => {
		expect(probe.realpath(tree.path("dir/link"))).toBe(tree.path("dir/file.txt"));
		expect(probe.realpath(tree.path("dangling"))).toBeNull();
		expect(probe.realpath(tree.path("nope"))).toBeNull();
	});

	it("lists a directory and returns null for a file", () => {
		expect([...(probe.readdir(tree.path("dir")) ?? [])].sort()).toEqual(["file.txt", "link"]);
		expect(probe.readdir(tree.path("dir/file.txt"))).toBeNull();
	});

	it.each(["", "\0", "a\0b", tree.path("dir/file.txt/below"), "/".repeat(10_000), `${tree.root}/${"x".repeat(5000)}`])(
		"never throws on hostile path %#",
		(path) => {
			expect(() => [probe.realpath(path), probe.lstat(path), probe.readdir(path)]).not.toThrow();
		},
	);
});
