import { describe, expect, it } from "vitest";
import { strictGrammar } from "../../../src/bash/options/option-grammar";
import { refTexts, scanWords, startsLikeOption } from "../../../src/bash/options/word-option-scan";
import type { ShellWord, WordPart } from "../../../src/bash/reading/shell-word";
import type { WordRef } from "../../../src/bash/reading/unit-draft";

const literal = (text: string): WordPart => ({ kind: "literal", text, globActive: false });
const variable: WordPart = { kind: "variable", name: "X", quoted: false };
const word = (raw: string, ...parts: WordPart[]): ShellWord => ({ raw, parts });
const ref = (shellWord: ShellWord): WordRef => ({ word: shellWord, start: 0, end: shellWord.raw.length });

describe("startsLikeOption", () => {
	it.each<[string, ShellWord, boolean]>([
		["a variable", word("$X", variable), true],
		["a quoted variable", word('"$X"', { kind: "variable", name: "X", quoted: true }), true],
		["a dash before a variable", word("--pre=$X", literal("--pre="), variable), true],
		["an empty literal before a variable", word('""$X', literal(""), variable), true],
		["a letter before a variable", word("a$X", literal("a"), variable), false],
		["a process substitution", word("<(ls)", { kind: "dynamic", raw: "<(ls)" }), false],
		["a command substitution", word("$(ls)", { kind: "dynamic", raw: "$(ls)" }), true],
	])("%s: %s", (_name, shellWord, expected) => {
		expect(startsLikeOption(shellWord)).toBe(expected);
	});
});

describe("scanWords", () => {
	const grammar = strictGrammar({ shortFlag: "a" });

	it("stops at a computed word that may be an option", () => {
		const refs = [ref(word("-a", literal("-a"))), ref(word("$X", variable)), ref(word("rm", literal("rm")))];
		expect(scanWords(refs, grammar).uncertain).toEqual({ reason: "computed-word", index: 1 });
	});

	it("reads a computed word that cannot be an option as the command", () => {
		const refs = [ref(word("-a", literal("-a"))), ref(word("a$X", literal("a"), variable))];
		const scan = scanWords(refs, grammar);
		expect([scan.uncertain, scan.rest]).toEqual([null, 1]);
	});

	it("lists the literal texts of the words", () => {
		expect(refTexts([ref(word("-a", literal("-a"))), ref(word("$X", variable))])).toEqual(["-a", null]);
	});
});
