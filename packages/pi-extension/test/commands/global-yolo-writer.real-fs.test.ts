import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { globalConfigFile, persistGlobalYolo } from "../../src/commands/global-yolo-writer";

function agentDir(existing?: string): { dir: string; file: string } {
	const dir = mkdtempSync(join(tmpdir(), "pp-yolo-"));
	const file = globalConfigFile(dir);
	if (existing !== undefined) {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, existing);
	}
	return { dir, file };
}

describe("persistGlobalYolo", () => {
	it("creates the global config, owner-only, when it is absent", async () => {
		const { file } = agentDir();
		expect(await persistGlobalYolo(file, true)).toEqual({ ok: true, value: undefined });
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ yoloMode: true });
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it("keeps every other key and leaves no temporary file", async () => {
		const { file } = agentDir(JSON.stringify({ permission: { bash: "ask" }, yoloMode: true, debugLog: true }));
		expect((await persistGlobalYolo(file, false)).ok).toBe(true);
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			permission: { bash: "ask" },
			yoloMode: false,
			debugLog: true,
		});
		expect(readdirSync(dirname(file))).toEqual(["config.json"]);
	});

	it.each([
		{ text: '{ // a comment\n "yoloMode": false }', kind: "unparseable" },
		{ text: "{ not json", kind: "unparseable" },
		{ text: "[1, 2]", kind: "not-an-object" },
		{ text: "null", kind: "not-an-object" },
	])("refuses, and leaves the file untouched, when it holds $kind text", async ({ text, kind }) => {
		const { file } = agentDir(text);
		const result = await persistGlobalYolo(file, true);
		expect(result.ok ? null : result.error.kind).toBe(kind);
		expect(readFileSync(file, "utf8")).toBe(text);
	});
});
