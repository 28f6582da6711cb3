import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeHistoryReader } from "../src/node-history-reader";

const dir = mkdtempSync(join(tmpdir(), "pp-history-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function all(lines: AsyncIterable<string>): Promise<string[]> {
	const found: string[] = [];
	for await (const line of lines) found.push(line);
	return found;
}

describe("HistoryReader.linesFromEnd (ADR 0061)", () => {
	const reader = createNodeHistoryReader();

	it("reads every file as `lines` does, last line first (property: chunk boundaries, CRLF, multi-byte text)", async () => {
		const line = fc.oneof(
			fc.string({ maxLength: 40 }).map((text) => text.replace(/[\r\n]/g, "")),
			fc.constantFrom("", "é", "日本語", "😀".repeat(20_000), "x".repeat(70_000)),
		);
		let run = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(line, { maxLength: 12 }),
				fc.constantFrom("\n", "\r\n"),
				fc.boolean(),
				async (lines, eol, trailing) => {
					const file = join(dir, `f${run++}.jsonl`);
					writeFileSync(file, lines.join(eol) + (trailing && lines.length > 0 ? eol : ""));
					const forward = await all(reader.lines(file));
					expect(await all(reader.linesFromEnd(file))).toEqual([...forward].reverse());
				},
			),
			{ numRuns: 150 },
		);
	}, 120_000);

	it("stops reading when the caller stops", async () => {
		const file = join(dir, "big.jsonl");
		writeFileSync(file, Array.from({ length: 50_000 }, (_, i) => `line ${i}`).join("\n"));
		const first: string[] = [];
		for await (const line of reader.linesFromEnd(file)) {
			first.push(line);
			if (first.length === 3) break;
		}
		expect(first).toEqual(["line 49999", "line 49998", "line 49997"]);
	});
});
