import { describe, expect, it } from "vitest";
import { BashParser } from "../../../src/bash/reading/bash-parser";

describe("BashParser", () => {
	it("loads once per process", async () => {
		const [first, second] = await Promise.all([BashParser.load(), BashParser.load()]);
		expect(first).toBe(second);
		expect(await BashParser.load()).toBe(first);
	});

	it("parses synchronously after load", async () => {
		const parser = await BashParser.load();
		const tree = parser.parse("echo hi && rm x");
		try {
			expect(tree?.rootNode.toString()).toContain("list");
		} finally {
			tree?.delete();
		}
	});

	it("rejects a load from a missing grammar, naming the path", async () => {
		await expect(BashParser.loadFrom(["/nonexistent/tree-sitter-bash.wasm"])).rejects.toThrow(
			"/nonexistent/tree-sitter-bash.wasm",
		);
	});

	it("returns null when the tick cancels, then parses the next text from scratch", async () => {
		const parser = await BashParser.load();
		expect(parser.parse("a; ".repeat(5_000), () => false)).toBeNull();
		const tree = parser.parse("ls");
		try {
			expect(tree?.rootNode.text).toBe("ls");
		} finally {
			tree?.delete();
		}
	});
});
