import { describe, expect, it } from "vitest";
import { gnuGrammar, option } from "../../../src/bash/options/option-grammar";
import { programSpelling } from "../../../src/bash/options/program-spelling";

const GRAMMAR = gnuGrammar({
	options: [option(["-a", "--all"], "flag"), option(["-b"], "flag"), option(["-o"], "value")],
});

describe("programSpelling", () => {
	it("keeps what an option means and implies by canonical name, a value as a pair", () => {
		const spelling = programSpelling(GRAMMAR, { means: { "-a": ["-b", ["-o", "x"]] }, implies: { "-b": ["-o"] } });
		expect(spelling.means.get("-a")).toEqual([
			{ name: "-b", value: null },
			{ name: "-o", value: "x" },
		]);
		expect(spelling.implies.get("-b")).toEqual([{ name: "-o", value: null }]);
		expect(spelling.subcommands.size).toBe(0);
		expect(spelling.operandMeaning).toBeNull();
		expect(spelling.inert).toBeNull();
	});

	it("refuses a name the grammar does not give canonically (a table error)", () => {
		expect(() => programSpelling(GRAMMAR, { implies: { "--all": ["-b"] } })).toThrow(/`--all` is not a canonical name/);
		expect(() => programSpelling(GRAMMAR, { means: { "-a": ["-z"] } })).toThrow(/`-z` is not a canonical name/);
	});

	it("refuses an option that means itself", () => {
		expect(() => programSpelling(GRAMMAR, { means: { "-a": ["-a", "-b"] } })).toThrow(/`-a` means itself/);
	});
});
