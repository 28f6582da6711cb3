import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GNU_READING, type OptionReading, option, optionGrammar } from "../../../src/bash/options/option-grammar";
import { type ArgTexts, type OptionScan, scanOptions } from "../../../src/bash/options/option-scanner";

const reading: fc.Arbitrary<OptionReading> = fc.record({
	order: fc.constantFrom("permute", "stop-at-operand"),
	unknown: fc.constantFrom("flag", "uncertain"),
	abbreviations: fc.constantFrom("none", "prefix"),
	singleDash: fc.constantFrom("cluster", "letter", "word", "operand"),
	singleDashEquals: fc.boolean(),
	longOptions: fc.boolean(),
	endOfOptions: fc.boolean(),
	loneDash: fc.constantFrom("operand", "option"),
	computed: fc.constantFrom("operand", "uncertain", "uncertain-if-option-like"),
	numeric: fc.constantFrom(null, "-n"),
	bundledFirstWord: fc.boolean(),
	underscores: fc.boolean(),
	plusOptions: fc.boolean(),
});

const LIST = {
	shortFlag: "ab",
	shortValue: "on",
	shortOptional: "i",
	shortUncertain: "s",
	longFlag: ["all"],
	longValue: ["out", "output"],
	longOptional: ["color"],
	longUncertain: ["shell"],
	options: [option(["--arg"], "value", 2), option(["-name"], "value"), option(["-R", "--recursive"], "flag")],
};

/** Words made of the grammar's spellings, unknown ones, values, `=`, digits, dashes and computed words. */
const text: fc.Arbitrary<string | null> = fc.oneof(
	fc.constantFrom(null, "-", "--", "", "x", "-10", "--ou", "--out=v", "--arg", "-name", "-name=v", "--=v", "-R"),
	fc.stringMatching(/^[-+]{0,2}[abinoszR=0-9x_-]{0,5}$/),
);

/** What each word index was read as; several roles for one index, or none, break the law. */
function rolesOf(scan: OptionScan, count: number): string[][] {
	const roles: string[][] = Array.from({ length: count }, () => []);
	const optionWords = new Set<number>();
	for (const found of scan.options) {
		optionWords.add(found.index);
		if (found.value?.kind === "word") roles[found.value.index]?.push("value");
		for (const index of found.moreValues) roles[index]?.push("value");
	}
	// The word a reading stopped at may hold options read before the stop (`-as`: `-a`, then `-s` stops).
	for (const index of optionWords) if (index !== scan.uncertain?.index) roles[index]?.push("option");
	for (const index of scan.operands) roles[index]?.push("operand");
	if (scan.endOfOptions !== null) roles[scan.endOfOptions]?.push("end of options");
	if (scan.uncertain !== null)
		for (let index = scan.uncertain.index; index < count; index++) roles[index]?.push("unread");
	return roles;
}

describe("scanOptions (laws)", () => {
	it("never throws, and reads every word as exactly one of option, value, operand, `--` or unread", () => {
		fc.assert(
			fc.property(reading, fc.array(text, { maxLength: 8 }), (rules, texts: ArgTexts) => {
				const scan = scanOptions(texts, optionGrammar(rules, LIST));
				for (const [index, roles] of rolesOf(scan, texts.length).entries())
					expect(roles, `word ${index} of ${JSON.stringify(texts)}`).toHaveLength(1);
				expect(scan.rest).toBeGreaterThanOrEqual(0);
				expect(scan.rest).toBeLessThanOrEqual(texts.length);
			}),
			{ numRuns: 1000 },
		);
	});

	it("keeps options and operands in the order they are written", () => {
		fc.assert(
			fc.property(fc.array(text, { maxLength: 8 }), (texts: ArgTexts) => {
				const scan = scanOptions(texts, optionGrammar(GNU_READING, LIST));
				const optionIndices = scan.options.map((found) => found.index);
				expect(optionIndices).toEqual([...optionIndices].sort((a, b) => a - b));
				expect(scan.operands).toEqual([...scan.operands].sort((a, b) => a - b));
			}),
			{ numRuns: 500 },
		);
	});

	it("reads words without a dash as operands only", () => {
		fc.assert(
			fc.property(fc.array(fc.stringMatching(/^[a-z.]{1,4}$/), { maxLength: 6 }), (texts: ArgTexts) => {
				const scan = scanOptions(texts, optionGrammar(GNU_READING, LIST));
				expect(scan.operands).toEqual(texts.map((_text, index) => index));
				expect(scan.options).toEqual([]);
			}),
			{ numRuns: 200 },
		);
	});
});
