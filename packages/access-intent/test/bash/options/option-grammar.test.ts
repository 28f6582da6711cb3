import { describe, expect, it } from "vitest";
import { GNU_READING, option, optionGrammar } from "../../../src/bash/options/option-grammar";

const GNU = GNU_READING;

describe("optionGrammar", () => {
	it("refuses a spelling listed twice", () => {
		expect(() => optionGrammar(GNU, { shortFlag: "a", shortValue: "a" })).toThrow(/repeated spelling `-a`/);
		expect(() => optionGrammar(GNU, { longFlag: ["x"], options: [option(["--x"], "value")] })).toThrow(/`--x`/);
	});

	it("refuses a spelling without a dash", () => {
		expect(() => optionGrammar(GNU, { options: [option(["x"], "flag")] })).toThrow(/bad or repeated spelling `x`/);
	});
});
