import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeFileWriter } from "../src/node-file-writer";

describe("createNodeFileWriter", () => {
	let root: string;
	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), "pi-permissions-writer-"));
	});
	afterEach(() => rmSync(root, { recursive: true, force: true }));

	it("creates missing parent directories and writes the file", async () => {
		const file = join(root, "a", "b", "config.json");
		expect(await createNodeFileWriter().writeNew(file, "{}\n")).toEqual({ kind: "written" });
		expect(readFileSync(file, "utf8")).toBe("{}\n");
	});

	it("answers exists and leaves an existing file alone", async () => {
		const file = join(root, "config.json");
		writeFileSync(file, "mine");
		expect(await createNodeFileWriter().writeNew(file, "{}\n")).toEqual({ kind: "exists" });
		expect(readFileSync(file, "utf8")).toBe("mine");
	});

	it("rejects when a parent is a file", async () => {
		writeFileSync(join(root, "file"), "");
		await expect(createNodeFileWriter().writeNew(join(root, "file", "x.json"), "{}")).rejects.toThrow();
	});
});
