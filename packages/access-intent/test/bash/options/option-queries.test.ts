import { describe, expect, it } from "vitest";
import { GNU_READING, option, optionGrammar } from "../../../src/bash/options/option-grammar";
import { hasOption, optionValues, valueText } from "../../../src/bash/options/option-queries";
import { type ArgTexts, scanOptions } from "../../../src/bash/options/option-scanner";

const GRAMMAR = optionGrammar(GNU_READING, {
	shortValue: "o",
	longValue: ["out"],
	options: [option(["-r", "-R", "--recursive"], "flag")],
});

describe("option queries", () => {
	const texts: ArgTexts = ["-R", "-o", "f", "--out=g", "x"];
	const scan = scanOptions(texts, GRAMMAR);

	it("finds an option by its canonical name, whatever its spelling", () => {
		expect(hasOption(scan, "-r")).toBe(true);
		expect(hasOption(scan, "-R")).toBe(false);
	});

	it("lists the values given to any of the names, in order", () => {
		expect(optionValues(scan, "-o", "--out").map((value) => valueText(value, texts))).toEqual(["f", "g"]);
	});

	it("reads a computed value word as no text", () => {
		expect(valueText({ kind: "word", index: 0 }, [null])).toBeNull();
	});
});
