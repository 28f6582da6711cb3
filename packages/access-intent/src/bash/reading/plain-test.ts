/**
 * Owns: reading the commonest test command, `[ -f word ]` / `[[ -f word ]]` (one unary file or string operator and one
 * plain word), from its text, so the walk drafts it without visiting its children.
 * Never: guesses; any other shape (binary tests, `!`, `-a`/`-o`, an operand led by a symbol, quoting beyond `plainWordEnd`)
 * returns `null` and the walk reads the node. A differential test holds it to the walk.
 */
import { plainWordEnd } from "./plain-command";
import type { WordRange } from "./plain-statement";

/** Unary operators tree-sitter-bash reads as a `test_operator` node before one operand. */
const UNARY_OPERATORS: ReadonlySet<string> = new Set([
	"-e",
	"-f",
	"-d",
	"-s",
	"-r",
	"-w",
	"-x",
	"-z",
	"-n",
	"-L",
	"-h",
]);

/** Where the operand may start: a word character, `.` (`./x`, `.env`) or a quote. */
const OPERAND_START = /^[\w."']$/;

interface PlainTest {
	/** `[` or `[[`, the unit's name. */
	readonly opener: string;
	/** The operator and the operand, the unit's arguments. */
	readonly words: readonly [WordRange, WordRange];
}

/** The parts of the test command node `source[start, end)`, or `null` when it is not in the narrow form above. */
export function plainTest(source: string, start: number, end: number): PlainTest | null {
	const opener = source.startsWith("[[", start) ? "[[" : "[";
	const closer = opener === "[[" ? "]]" : "]";
	if (!source.startsWith(opener, start) || !source.endsWith(closer, end)) return null;
	let i = skipBlanks(source, start + opener.length, end);
	if (i === start + opener.length) return null;
	const operator = { start: i, end: i + 2 };
	if (!UNARY_OPERATORS.has(source.slice(operator.start, operator.end))) return null;
	i = skipBlanks(source, operator.end, end);
	if (i === operator.end) return null;
	const closeAt = end - closer.length;
	// An operand led by an operator character (`-`, `/`, `/=`, `,`) may read as an expression to the grammar.
	if (!OPERAND_START.test(source.charAt(i))) return null;
	const operandEnd = plainWordEnd(source, i, closeAt);
	if (operandEnd < 0) return null;
	// A lone `.` or quote is left to the grammar too: one-symbol operands are where it reads operators.
	if (operandEnd === i + 1 && !/\w/.test(source.charAt(i))) return null;
	const after = skipBlanks(source, operandEnd, closeAt);
	if (after !== closeAt || after === operandEnd) return null;
	return { opener, words: [operator, { start: i, end: operandEnd }] };
}

function skipBlanks(source: string, from: number, end: number): number {
	let i = from;
	while (i < end && (source.charCodeAt(i) === 32 || source.charCodeAt(i) === 9)) i++;
	return i;
}
