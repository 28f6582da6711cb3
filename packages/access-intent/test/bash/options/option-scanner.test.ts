import { describe, expect, it } from "vitest";
import {
	GNU_READING,
	type OptionList,
	type OptionReading,
	option,
	optionGrammar,
	POSIX_READING,
	STRICT_READING,
} from "../../../src/bash/options/option-grammar";
import { valueText } from "../../../src/bash/options/option-queries";
import { type ArgTexts, type OptionScan, scanOptions } from "../../../src/bash/options/option-scanner";

/** The options of the rows below: `-a -b` flags, `-o V`, `-i[V]`, `-s` stops, `--out V`, `--all`, `--color[=V]`. */
const LIST: OptionList = {
	shortFlag: "ab",
	shortValue: "o",
	shortOptional: "i",
	shortUncertain: "s",
	longFlag: ["all"],
	longValue: ["out", "output-dir"],
	longOptional: ["color"],
	longUncertain: ["shell"],
	options: [option(["-r", "-R", "--recursive"], "flag"), option(["--arg"], "value", 2), option(["-name"], "value")],
};

/** A scan as a short text: options as `name(written)=value`, operands, rest, `--`, and why it stopped. */
function summary(scan: OptionScan, texts: ArgTexts): string {
	const options = scan.options.map((found) => {
		const value =
			found.value === null ? "" : `=${found.value.kind === "word" ? "#" : ""}${valueText(found.value, texts)}`;
		const more = found.moreValues.map((index) => `+#${texts[index]}`).join("");
		const written = found.written === found.name ? "" : `(${found.written})`;
		return `${found.known ? "" : "?"}${found.name}${written}${value}${more}`;
	});
	const parts = [`options [${options.join(" ")}]`, `operands [${scan.operands.join(",")}]`, `rest ${scan.rest}`];
	if (scan.endOfOptions !== null) parts.push(`-- at ${scan.endOfOptions}`);
	if (scan.uncertain !== null) parts.push(`uncertain ${scan.uncertain.reason} at ${scan.uncertain.index}`);
	return parts.join("; ");
}

interface Row {
	readonly id: string;
	readonly reading: OptionReading;
	readonly texts: ArgTexts;
	readonly expected: string;
}

const GNU = GNU_READING;
const STRICT = STRICT_READING;

const ROWS: readonly Row[] = [
	// Clusters and values.
	{ id: "cluster of flags", reading: GNU, texts: ["-ab", "f"], expected: "options [-a -b]; operands [1]; rest 2" },
	{ id: "attached value", reading: GNU, texts: ["-ofile"], expected: "options [-o=file]; operands []; rest 1" },
	{
		id: "value in a cluster owns the rest",
		reading: GNU,
		texts: ["-aofile"],
		expected: "options [-a -o=file]; operands []; rest 1",
	},
	{
		id: "next-word value",
		reading: GNU,
		texts: ["-o", "file", "x"],
		expected: "options [-o=#file]; operands [2]; rest 3",
	},
	{
		id: "long next-word value",
		reading: GNU,
		texts: ["--out", "f"],
		expected: "options [--out=#f]; operands []; rest 2",
	},
	{ id: "long = value", reading: GNU, texts: ["--out=f", "x"], expected: "options [--out=f]; operands [1]; rest 2" },
	{
		id: "long flag keeps a written =value",
		reading: GNU,
		texts: ["--all=x"],
		expected: "options [--all=x]; operands []; rest 1",
	},
	{
		id: "optional value attached",
		reading: GNU,
		texts: ["-iX", "y"],
		expected: "options [-i=X]; operands [1]; rest 2",
	},
	{ id: "optional value absent", reading: GNU, texts: ["-i", "y"], expected: "options [-i]; operands [1]; rest 2" },
	{
		id: "long optional value",
		reading: GNU,
		texts: ["--color", "--color=auto"],
		expected: "options [--color --color=auto]; operands []; rest 2",
	},
	{
		id: "two value words",
		reading: GNU,
		texts: ["--arg", "n", "v", "x"],
		expected: "options [--arg=#n+#v]; operands [3]; rest 4",
	},
	{
		id: "two value words, one attached",
		reading: GNU,
		texts: ["--arg=n", "v", "x"],
		expected: "options [--arg=n+#v]; operands [2]; rest 3",
	},
	{
		id: "a value the words run out before",
		reading: GNU,
		texts: ["-o"],
		expected: "options [-o]; operands []; rest 1",
	},
	{
		id: "synonyms share the canonical name",
		reading: GNU,
		texts: ["-R", "--recursive", "-r"],
		expected: "options [-r(-R) -r(--recursive) -r]; operands []; rest 3",
	},
	{
		id: "single-dash long name",
		reading: GNU,
		texts: ["-name", "x"],
		expected: "options [-name=#x]; operands []; rest 2",
	},
	// Uncertain readings.
	{
		id: "uncertain option",
		reading: STRICT,
		texts: ["-a", "-s", "x"],
		expected: "options [-a]; operands []; rest 1; uncertain uncertain-option at 1",
	},
	{
		id: "uncertain long option",
		reading: STRICT,
		texts: ["--shell=x"],
		expected: "options []; operands []; rest 0; uncertain uncertain-option at 0",
	},
	{
		id: "strict: unknown short is uncertain",
		reading: STRICT,
		texts: ["-az", "x"],
		expected: "options [-a]; operands []; rest 0; uncertain unknown-option at 0",
	},
	{
		id: "strict: unknown long is uncertain",
		reading: STRICT,
		texts: ["--nope", "x"],
		expected: "options []; operands []; rest 0; uncertain unknown-option at 0",
	},
	{
		id: "permissive: unknown options are flags",
		reading: GNU,
		texts: ["-z", "--nope", "--nope=v"],
		expected: "options [?-z ?--nope ?--nope=v]; operands []; rest 3",
	},
	{
		id: "strict: a missing value is uncertain",
		reading: STRICT,
		texts: ["-o"],
		expected: "options []; operands []; rest 0; uncertain missing-value at 0",
	},
	{
		id: "computed word may be an option",
		reading: STRICT,
		texts: ["-a", null, "x"],
		expected: "options [-a]; operands []; rest 1; uncertain computed-word at 1",
	},
	{
		id: "computed word as an operand",
		reading: GNU,
		texts: [null, "-a"],
		expected: "options [-a]; operands [0]; rest 2",
	},
	// Numeric options and the lone dash.
	{
		id: "numeric option",
		reading: { ...STRICT, numeric: "-o" },
		texts: ["-10", "cmd"],
		expected: "options [-o(-10)=10]; operands [1]; rest 1",
	},
	{
		id: "no numeric option: digits are letters",
		reading: STRICT,
		texts: ["-10"],
		expected: "options []; operands []; rest 0; uncertain unknown-option at 0",
	},
	{ id: "lone dash as operand", reading: GNU, texts: ["-", "-a"], expected: "options [-a]; operands [0]; rest 2" },
	{
		id: "lone dash as option",
		reading: { ...STRICT, loneDash: "option" },
		texts: ["-", "cmd"],
		expected: "options [-]; operands [1]; rest 1",
	},
	// `--` and the order of options and operands.
	{
		id: "-- ends options",
		reading: GNU,
		texts: ["-a", "--", "-b", "x"],
		expected: "options [-a]; operands [2,3]; rest 2; -- at 1",
	},
	{
		id: "-- read as an option",
		reading: { ...GNU, endOfOptions: false },
		texts: ["--", "-b"],
		expected: "options [?-- -b]; operands []; rest 2",
	},
	{
		id: "POSIX order stops at the first operand",
		reading: POSIX_READING,
		texts: ["-a", "x", "-b"],
		expected: "options [-a]; operands [1,2]; rest 1",
	},
	{
		id: "GNU order permutes",
		reading: GNU,
		texts: ["-a", "x", "-b"],
		expected: "options [-a -b]; operands [1]; rest 3",
	},
	// Abbreviations.
	{
		id: "unique abbreviation",
		reading: GNU,
		texts: ["--outp=f"],
		expected: "options [--output-dir(--outp)=f]; operands []; rest 1",
	},
	{
		id: "abbreviations off",
		reading: { ...GNU, abbreviations: "none" },
		texts: ["--outp=f"],
		expected: "options [?--outp=f]; operands []; rest 1",
	},
	{
		id: "ambiguous abbreviation reads the first in grammar order",
		reading: GNU,
		texts: ["--ou", "f"],
		expected: "options [--out(--ou)=#f]; operands []; rest 2",
	},
	{
		id: "strict: ambiguous abbreviation is uncertain",
		reading: { ...STRICT, abbreviations: "prefix" },
		texts: ["--ou", "f"],
		expected: "options []; operands []; rest 0; uncertain ambiguous-abbreviation at 0",
	},
	{
		id: "an exact name wins over a longer one",
		reading: GNU,
		texts: ["--out", "f"],
		expected: "options [--out=#f]; operands []; rest 2",
	},
	// Underscores in a long name (node).
	{
		id: "underscores read as dashes",
		reading: { ...GNU, underscores: true },
		texts: ["--output_dir=f"],
		expected: "options [--output-dir(--output_dir)=f]; operands []; rest 1",
	},
	{
		id: "underscores read as dashes in an abbreviation too",
		reading: { ...GNU, underscores: true },
		texts: ["--output_d", "f"],
		expected: "options [--output-dir(--output_d)=#f]; operands []; rest 2",
	},
	{
		id: "underscores literal by default",
		reading: GNU,
		texts: ["--output_dir=f"],
		expected: "options [?--output_dir=f]; operands []; rest 1",
	},
	{
		id: "underscores in a value are kept",
		reading: { ...GNU, underscores: true },
		texts: ["--out=a_b"],
		expected: "options [--out=a_b]; operands []; rest 1",
	},
	// How a single-dash word is read.
	{
		id: "letter: one option with the rest attached",
		reading: { ...GNU, singleDash: "letter" },
		texts: ["-ao", "-ofile"],
		expected: "options [-a -o=file]; operands []; rest 2",
	},
	{
		id: "word: the whole word is one option",
		reading: { ...GNU, singleDash: "word" },
		texts: ["-ab", "-o", "v"],
		expected: "options [?-ab -o=#v]; operands []; rest 3",
	},
	{
		id: "word with =value",
		reading: { ...GNU, singleDash: "word", singleDashEquals: true },
		texts: ["-o=v", "-ab=x"],
		expected: "options [-o=v ?-ab=x]; operands []; rest 2",
	},
	{
		id: "operand: no single-dash options",
		reading: { ...STRICT, singleDash: "operand" },
		texts: ["--all", "-a", "x"],
		expected: "options [--all]; operands [1,2]; rest 1",
	},
	{
		id: "single-dash long name with =value",
		reading: { ...GNU, singleDashEquals: true },
		texts: ["-name=x"],
		expected: "options [-name=x]; operands []; rest 1",
	},
	{
		id: "no long options: --x is a cluster",
		reading: POSIX_READING,
		texts: ["--ao", "v", "x"],
		expected: "options [?-- -a -o=#v]; operands [2]; rest 2",
	},
	// tar's traditional first word: the value letters take the next words in order.
	{
		id: "bundled first word",
		reading: { ...GNU, bundledFirstWord: true },
		texts: ["aoi", "v", "x", "-b"],
		expected: "options [-a(a) -o(o)=#v -i(i) -b]; operands [2]; rest 4",
	},
	{
		id: "bundled first word: two value letters",
		reading: { ...GNU, bundledFirstWord: true },
		texts: ["oo", "v", "w", "x"],
		expected: "options [-o(o)=#v -o(o)=#w]; operands [3]; rest 4",
	},
	{
		id: "bundled first word: off, it is an operand",
		reading: GNU,
		texts: ["ao", "v"],
		expected: "options []; operands [0,1]; rest 2",
	},
	{
		id: "bundled first word: an uncertain letter leaves every word unread",
		reading: { ...GNU, bundledFirstWord: true },
		texts: ["os", "v"],
		expected: "options []; operands []; rest 0; uncertain uncertain-option at 0",
	},
	{
		id: "bundled first word: strict, a missing value is uncertain",
		reading: { ...STRICT, bundledFirstWord: true },
		texts: ["ao"],
		expected: "options []; operands []; rest 0; uncertain missing-value at 0",
	},
	{
		id: "bundled first word: not letters only, an operand",
		reading: { ...GNU, bundledFirstWord: true },
		texts: ["a.tar", "-o", "v"],
		expected: "options [-o=#v]; operands [0]; rest 3",
	},
	// node: `_` for `-` in a long name.
	{
		id: "underscores read as dashes",
		reading: { ...GNU, underscores: true },
		texts: ["--output_dir=x", "--out", "y"],
		expected: "options [--output-dir(--output_dir)=x --out=#y]; operands []; rest 3",
	},
	{
		id: "underscores kept: an unknown option",
		reading: GNU,
		texts: ["--output_dir=x"],
		expected: "options [?--output_dir=x]; operands []; rest 1",
	},
	{
		id: "underscores read as dashes in an abbreviation",
		reading: { ...GNU, underscores: true },
		texts: ["--output_d", "x"],
		expected: "options [--output-dir(--output_d)=#x]; operands []; rest 2",
	},
	// bash's `+o name`.
	{
		id: "plus options",
		reading: { ...POSIX_READING, plusOptions: true },
		texts: ["+ao", "v", "-b", "x"],
		expected: "options [-a(+a) -o(+o)=#v -b]; operands [3]; rest 3",
	},
	{
		id: "plus options off: an operand",
		reading: POSIX_READING,
		texts: ["+a", "-b"],
		expected: "options []; operands [0,1]; rest 0",
	},
];

describe("scanOptions", () => {
	it.each(ROWS)("$id: $texts", ({ reading, texts, expected }) => {
		expect(summary(scanOptions(texts, optionGrammar(reading, LIST)), texts)).toBe(expected);
	});

	it("asks the caller whether a computed word may be an option", () => {
		const grammar = optionGrammar(STRICT, LIST);
		expect(scanOptions(["-a", null, "x"], grammar, () => false).rest).toBe(1);
		expect(scanOptions(["-a", null, "x"], grammar, () => true).uncertain?.reason).toBe("computed-word");
	});

	it("reads a computed word as uncertain wherever it stands when the grammar says so", () => {
		const grammar = optionGrammar({ ...GNU, computed: "uncertain" }, LIST);
		expect(scanOptions(["x", null], grammar).uncertain).toEqual({ reason: "computed-word", index: 1 });
	});
});
