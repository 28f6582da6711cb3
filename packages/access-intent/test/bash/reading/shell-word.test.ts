import { describe, expect, it } from "vitest";
import { literalWordText, type ShellWord, unglobbedLiteralText } from "../../../src/bash/reading/shell-word";

const literal = (text: string, globActive = false) => ({ kind: "literal" as const, text, globActive });

describe("shell word texts", () => {
	it.each<[string, ShellWord, string | null, string | null]>([
		["a plain word", { raw: "a.ts", parts: [literal("a.ts")] }, "a.ts", "a.ts"],
		["joined literal parts", { raw: "'a b'c", parts: [literal("a b"), literal("c")] }, "a bc", "a bc"],
		["an empty word", { raw: "''", parts: [] }, "", ""],
		["an active glob", { raw: "*.ts", parts: [literal("*.ts", true)] }, "*.ts", null],
		["a variable", { raw: "$x", parts: [{ kind: "variable", name: "x", quoted: false }] }, null, null],
		["a dynamic part", { raw: "$(a)", parts: [literal("x"), { kind: "dynamic", raw: "$(a)" }] }, null, null],
	])("reads %s", (_label, word, literalText, unglobbed) => {
		expect(literalWordText(word)).toBe(literalText);
		expect(unglobbedLiteralText(word)).toBe(unglobbed);
	});
});
