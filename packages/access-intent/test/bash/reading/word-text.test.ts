import { describe, expect, it } from "vitest";
import type { WordPart } from "../../../src/bash/reading/shell-word";
import { decodeAnsiC, plainVariableName, readShellWord } from "../../../src/bash/reading/word-text";

const read = (raw: string, spans: readonly { start: number; end: number }[] = []): readonly WordPart[] =>
	readShellWord(raw, 0, raw.length, spans).parts;
const lit = (text: string, globActive = false): WordPart => ({ kind: "literal", text, globActive });

describe("readShellWord", () => {
	it.each([
		["plain", [lit("plain")]],
		["'single quoted $x'", [lit("single quoted $x")]],
		['"double"', [lit("double")]],
		["a\"b\"'c'", [lit("abc")]],
		["\\r\\m", [lit("rm")]],
		["r\\\nm", [lit("rm")]],
		['"a\\"b\\$c\\\\d\\e"', [lit('a"b$c\\d\\e')]],
		["$'a\\tb'", [lit("a\tb")]],
		['$"translated"', [lit("translated")]],
		["*.ts", [lit("*.ts", true)]],
		['"*".ts', [lit("*.ts")]],
		["\\*", [lit("*")]],
		["a\\*b*", [lit("a*"), lit("b*", true)]],
		["src/[ab].c", [lit("src/[ab].c", true)]],
		["{}", [lit("{}")]],
		["a{b}c", [lit("a{b}c")]],
		["~/x", [lit("~/x")]],
	])("reads %s", (raw, parts) => {
		expect(read(raw)).toEqual(parts);
	});

	it("reads plain variable references with their quoting", () => {
		expect(read('$HOME/"$USER"/${PWD}x')).toEqual([
			{ kind: "variable", name: "HOME", quoted: false },
			lit("/"),
			{ kind: "variable", name: "USER", quoted: true },
			lit("/"),
			{ kind: "variable", name: "PWD", quoted: false },
			lit("x"),
		]);
	});

	it("reads special parameters and the spans it is given as dynamic", () => {
		expect(read("$1$@")).toEqual([
			{ kind: "dynamic", raw: "$1" },
			{ kind: "dynamic", raw: "$@" },
		]);
		expect(read("a$(pwd)b", [{ start: 1, end: 7 }])).toEqual([lit("a"), { kind: "dynamic", raw: "$(pwd)" }, lit("b")]);
	});

	it.each(["{a,b}", "x{1..3}", "pre{a,'b'}post", "{rm,-rf}", "'\\'{a,b}", '"\\\\"{a,b}'])(
		"reads brace expansion %s as one dynamic word",
		(raw) => {
			expect(read(raw)).toEqual([{ kind: "dynamic", raw }]);
		},
	);

	it.each(['"{a,b}"', "\\{a,b\\}", "'{a,b}'"])("keeps quoted braces %s literal", (raw) => {
		expect(read(raw).every((part) => part.kind === "literal")).toBe(true);
	});
});

describe("decodeAnsiC", () => {
	it.each([
		["\\x72m", "rm"],
		["\\162m", "rm"],
		["\\u0072m", "rm"],
		["\\U00000072m", "rm"],
		["a\\nb", "a\nb"],
		["\\'q\\'", "'q'"],
		["rm\\0x", "rm"],
		["\\z", "\\z"],
	])("decodes %s", (body, text) => {
		expect(decodeAnsiC(body)).toBe(text);
	});

	it("refuses control escapes it cannot decode exactly", () => {
		expect(decodeAnsiC("\\cA")).toBeNull();
		expect(decodeAnsiC("trailing\\")).toBeNull();
	});
});

describe("plainVariableName", () => {
	it.each([
		["$HOME", "HOME"],
		["${HOME}", "HOME"],
		["${HOME:-x}", null],
		["${#HOME}", null],
		["$1", null],
	])("reads %s as %s", (text, name) => {
		expect(plainVariableName(text)).toBe(name);
	});
});
