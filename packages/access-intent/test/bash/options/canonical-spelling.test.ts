import { describe, expect, it } from "vitest";
import { spellCommand } from "../../../src/bash/options/canonical-spelling";
import { gnuGrammar, option, optionGrammar, POSIX_READING } from "../../../src/bash/options/option-grammar";
import { programSpelling } from "../../../src/bash/options/program-spelling";

/** A made-up program with every kind of fact a spelling holds. */
const SUB = programSpelling(
	gnuGrammar({ options: [option(["-f", "--force"], "flag"), option(["-x"], "flag"), option(["-y"], "flag")] }),
	{
		means: { "-x": ["-f", "-y"] },
		implies: { "-y": ["-f"] },
		operandMeaning: (text, position) =>
			position > 0 && text.startsWith("+") ? { text: text.slice(1), implies: [{ name: "-f", value: null }] } : null,
	},
);
const TOOL = programSpelling(
	optionGrammar(
		{ ...POSIX_READING, longOptions: true },
		{ options: [option(["-q", "--quiet"], "flag"), option(["-c"], "value"), option(["--mode"], "optional")] },
	),
	{ subcommands: { run: SUB }, inert: (name, value) => name === "-q" || (name === "-c" && value === "color=no") },
);
const PLAIN = programSpelling(
	gnuGrammar({
		options: [
			option(["-r", "-R", "--recursive"], "flag"),
			option(["-f", "--force"], "flag"),
			option(["-o", "--output"], "value"),
			option(["-i", "--in-place"], "optional"),
		],
	}),
);

const words = (...texts: (string | null)[]) => texts.map((text) => ({ text, shown: text ?? "$X" }));
const text = (program: string, spelling: typeof PLAIN, ...texts: (string | null)[]) =>
	spellCommand(program, spelling, words(...texts)).canonical.text;

describe("spellCommand", () => {
	it.each([
		[["-rf", "x"], "p -f -r x", "a cluster is split and sorted"],
		[["--recursive", "--force", "x"], "p -f -r x", "long synonyms take the canonical name"],
		[["--rec", "--fo", "x"], "p -f -r x", "a unique abbreviation is its option"],
		[["x", "-R", "-f"], "p -f -r x", "options after operands, where the program permutes"],
		[["-r", "-r", "-f", "x"], "p -f -r x", "a repeat counts once"],
		[["-o", "out", "x"], "p -o out x", "a value in the next word"],
		[["--output=out", "x"], "p -o out x", "a long value after `=`"],
		[["-oout", "x"], "p -o out x", "an attached short value"],
		[["-i.bak", "x"], "p -i.bak x", "an optional value stays attached"],
		[["--in-place=.bak", "x"], "p -i.bak x", "an optional long value is the short one"],
		[["--", "-r"], "p -- -r", "an operand after `--` that looks like an option keeps its `--`"],
		[["--", "x"], "p x", "a `--` before plain operands is dropped"],
	])("%j reads as %j (%s)", (args, expected) => {
		expect(text("p", PLAIN, ...args)).toBe(expected);
	});

	it("shows a computed word as written and reads it as an operand", () => {
		expect(text("p", PLAIN, "-rf", null)).toBe("p -f -r $X");
	});

	it("reads a sub-command by its own spelling after the program's options end", () => {
		const read = spellCommand("t", TOOL, words("--quiet", "-c", "color=no", "run", "-f", "a"));
		expect(read.canonical.levels).toEqual([
			{
				word: "t",
				options: [
					{ name: "-c", value: "color=no" },
					{ name: "-q", value: null },
				],
			},
			{ word: "run", options: [{ name: "-f", value: null }] },
		]);
		expect(read.canonical.operands).toEqual(["a"]);
		expect(read.canonical.text).toBe("t -c color=no -q run -f a");
	});

	it("replaces an option by what it means and adds what it implies", () => {
		expect(spellCommand("t", TOOL, words("run", "-x", "a")).canonical.text).toBe("t run -f -y a");
	});

	it("takes an operand's option meaning out of it", () => {
		expect(spellCommand("t", TOOL, words("run", "origin", "+main")).canonical.text).toBe("t run -f origin main");
		expect(spellCommand("t", TOOL, words("run", "+origin")).canonical.text).toBe("t run +origin");
	});

	it("keeps a sub-command it does not know, and what follows, as operands", () => {
		expect(spellCommand("t", TOOL, words("-q", "other", "-f", "a")).canonical.text).toBe("t -q other -f a");
	});

	it("gives the words without the options that change nothing, when there are any", () => {
		expect(spellCommand("t", TOOL, words("-q", "-c", "color=no", "run", "a")).withoutInert).toBe("t run a");
		expect(spellCommand("t", TOOL, words("-q", "-c", "color=yes", "run", "a")).withoutInert).toBe(
			"t -c color=yes run a",
		);
		expect(spellCommand("t", TOOL, words("run", "a")).withoutInert).toBeNull();
	});

	it("renders a long option's value after `=`", () => {
		expect(spellCommand("t", TOOL, words("--mode=fast", "run")).canonical.text).toBe("t --mode=fast run");
	});
});
