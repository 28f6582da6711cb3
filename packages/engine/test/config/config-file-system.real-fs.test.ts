import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeConfigFileSystem, errorCode } from "../../src/config/config-file-system";
import { type ConfigTree, createConfigTree } from "../support/config-tree";

let tree: ConfigTree;
beforeEach(() => {
	tree = createConfigTree();
});
afterEach(() => tree.remove());

const fileSystem = createNodeConfigFileSystem();

describe("createNodeConfigFileSystem().stat", () => {
	it("reports a file with its mtime and size", async () => {
		const path = tree.write(join(tree.root, "c.json"), "{}\n");
		utimesSync(path, 1_700_000_000, 1_700_000_000);
		expect(await fileSystem.stat(path)).toEqual({ kind: "file", mtimeMs: 1_700_000_000_000, size: 3 });
	});

	it.each([
		{ entry: "nothing", arrange: (dir: string) => join(dir, "config.json"), kind: "missing" },
		{
			entry: "a path under a regular file",
			arrange: (dir: string) => join(tree.write(join(dir, "file"), "x"), "config.json"),
			kind: "missing",
		},
		{
			entry: "a directory",
			arrange: (dir: string) => {
				mkdirSync(join(dir, "config.json"));
				return join(dir, "config.json");
			},
			kind: "directory",
		},
		{
			entry: "a dangling link",
			arrange: (dir: string) => {
				symlinkSync(join(dir, "gone"), join(dir, "config.json"));
				return join(dir, "config.json");
			},
			kind: "dangling-symlink",
		},
		{
			entry: "a FIFO",
			arrange: (dir: string) => {
				execFileSync("mkfifo", [join(dir, "config.json")]);
				return join(dir, "config.json");
			},
			kind: "other",
		},
	])("reports $entry as $kind", async ({ arrange, kind }) => {
		expect((await fileSystem.stat(arrange(tree.root))).kind).toBe(kind);
	});

	it("rejects a symbolic link loop instead of calling it missing", async () => {
		const path = join(tree.root, "loop.json");
		symlinkSync(path, path);
		await expect(fileSystem.stat(path)).rejects.toSatisfy((error) => errorCode(error) === "ELOOP");
	});
});

describe("createNodeConfigFileSystem().readFile", () => {
	it("returns the file's bytes", async () => {
		const path = tree.write(join(tree.root, "c.json"), '{"a": 1}');
		expect(new TextDecoder().decode(await fileSystem.readFile(path, 100))).toBe('{"a": 1}');
	});

	it("rejects a file over the cap with EFBIG", async () => {
		const path = tree.write(join(tree.root, "big.json"), "x".repeat(101));
		await expect(fileSystem.readFile(path, 100)).rejects.toSatisfy((error) => errorCode(error) === "EFBIG");
	});

	it("rejects a FIFO without waiting for a writer", async () => {
		const path = join(tree.root, "pipe");
		execFileSync("mkfifo", [path]);
		await expect(fileSystem.readFile(path, 100)).rejects.toThrow("not a regular file");
	});

	it("rejects a directory", async () => {
		await expect(fileSystem.readFile(tree.root, 100)).rejects.toSatisfy((error) => errorCode(error) !== undefined);
	});
});
