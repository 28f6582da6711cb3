import { describe, expect, it } from "vitest";
import { type BoundedLine, boundedLines } from "../src/bounded-lines";

async function collect(chunks: readonly (string | Uint8Array)[], maxLineBytes: number, prefixBytes = 8) {
	async function* source() {
		yield* chunks;
	}
	const lines: BoundedLine[] = [];
	for await (const line of boundedLines(source(), { maxLineBytes, prefixBytes })) lines.push(line);
	return lines;
}

const line = (text: string): BoundedLine => ({ kind: "line", text });
const long = (prefix: string): BoundedLine => ({ kind: "too-long", prefix });

describe("boundedLines", () => {
	it.each([
		{ name: "splits lines across chunks", chunks: ["ab", "c\nd", "e\n"], max: 10, out: [line("abc"), line("de")] },
		{ name: "keeps a last line without a terminator", chunks: ["a\nb"], max: 10, out: [line("a"), line("b")] },
		{ name: "drops the \\r of CRLF", chunks: ["a\r\nb\r\n"], max: 10, out: [line("a"), line("b")] },
		{ name: "passes blank lines on", chunks: ["\n\na\n"], max: 10, out: [line(""), line(""), line("a")] },
		{ name: "allows a line of exactly the bound", chunks: ["abcd\n"], max: 4, out: [line("abcd")] },
		{ name: "allows a line of the bound plus \\r", chunks: ["abcd\r\n"], max: 4, out: [line("abcd")] },
		{ name: "reports a line one byte over", chunks: ["abcde\nx\n"], max: 4, out: [long("abcde"), line("x")] },
		{
			name: "keeps only the prefix of a long line spread over many chunks",
			chunks: ["0123", "4567", "89ab", "cdef\nnext\n"],
			max: 5,
			out: [long("01234567"), line("next")],
		},
		{ name: "reports a long last line without a terminator", chunks: ["0123456789"], max: 4, out: [long("01234567")] },
		{
			name: "reads bytes and counts UTF-8 bytes, not characters",
			chunks: [new TextEncoder().encode("ééé\nok\n")],
			max: 5,
			out: [long("ééé"), line("ok")],
		},
	])("$name", async ({ chunks, max, out }) => {
		expect(await collect(chunks, max)).toEqual(out);
	});

	it("reads past a 64 MiB line in 64 KiB chunks, keeping its prefix, and goes on", async () => {
		const chunk = Buffer.alloc(64 * 1024, 0x61);
		async function* source() {
			yield Buffer.from('{"id":"big",');
			for (let i = 0; i < 1024; i++) yield chunk;
			yield Buffer.from('"x"}\n{"id":"after"}\n');
		}
		const lines: BoundedLine[] = [];
		for await (const entry of boundedLines(source(), { maxLineBytes: 1024 * 1024, prefixBytes: 4096 })) {
			lines.push(entry);
		}
		expect(lines[0]).toMatchObject({ kind: "too-long" });
		expect(lines[0]?.kind === "too-long" && lines[0].prefix.startsWith('{"id":"big",')).toBe(true);
		expect(lines[0]?.kind === "too-long" && lines[0].prefix.length).toBe(4096);
		expect(lines[1]).toEqual(line('{"id":"after"}'));
	});
});
