/**
 * Owns: which words of a `test` / `[` / `[[` expression are files: the operand of a file test (`-f x`, `-d x`) and both
 * sides of `-nt`, `-ot`, `-ef`; every other word (string tests, `=`, `-z`, numbers, `!`, `(`) is text (ADR 0031).
 * Never: evaluates the expression; a word that could be either (an operator spelled by a computed word) is a file.
 */
import type { OperandRole } from "./operand-role";

/**
 * Unary operators whose operand is a file (bash 5.2 `help test`); `-t FD` takes a descriptor number, `-o NAME`, `-v
 * NAME`, `-R NAME`, `-z S` and `-n S` take text. How to add a row: an operator that stats or opens its operand.
 */
const FILE_TEST_OPERATORS: readonly string[] = [
	"-a",
	"-b",
	"-c",
	"-d",
	"-e",
	"-f",
	"-g",
	"-h",
	"-k",
	"-p",
	"-r",
	"-s",
	"-u",
	"-w",
	"-x",
	"-G",
	"-L",
	"-N",
	"-O",
	"-S",
];

/** Binary operators comparing two files. */
const FILE_COMPARISONS: readonly string[] = ["-nt", "-ot", "-ef"];

/** Words that join or compare text and numbers: a computed word next to one of them is a string or a number. */
const TEXT_SYNTAX = new Set([
	"=",
	"==",
	"!=",
	"<",
	">",
	"=~",
	"-eq",
	"-ne",
	"-lt",
	"-le",
	"-gt",
	"-ge",
	"-z",
	"-n",
	"!",
	"(",
	")",
	"-a",
	"-o",
	"&&",
	"||",
	"]",
	"]]",
]);

const SKIP: OperandRole = Object.freeze({ kind: "skip" });
const PATH: OperandRole = Object.freeze({ kind: "path", attached: null });

/**
 * Roles for the words after `test`, `[` or `[[` (`null`: a computed word). The grammar drops `=`, `!=`, `!`, `<` from
 * a `[`/`[[` unit's words, so two computed words may stand side by side; `computedOperators` is false for `[[`, where
 * an expansion is never an operator.
 */
export function testOperandRoles(texts: readonly (string | null)[], computedOperators = true): OperandRole[] {
	return texts.map((text, index) => {
		const previous = index > 0 ? texts[index - 1] : undefined;
		const next = texts[index + 1];
		if (
			text !== null &&
			(TEXT_SYNTAX.has(text) || FILE_TEST_OPERATORS.includes(text) || FILE_COMPARISONS.includes(text))
		)
			return SKIP;
		if (previous !== undefined && previous !== null && FILE_TEST_OPERATORS.includes(previous)) return PATH;
		if (
			(previous !== undefined && previous !== null && FILE_COMPARISONS.includes(previous)) ||
			FILE_COMPARISONS.includes(next ?? "")
		)
			return PATH;
		// SECURITY: a computed neighbour may be an operator (`[ $OP x ]` with OP=-f), so the word may be a file.
		if (computedOperators && (previous === null || next === null)) return PATH;
		return SKIP;
	});
}
