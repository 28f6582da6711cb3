/**
 * Owns: the checks that betray a tree tree-sitter-bash misread (reserved words as command names, split words,
 * `time`/`!`/`coproc` prefixes to repair, heredoc bodies the grammar did not fully read).
 * Never: walks the tree or drafts units; the collector calls these with offsets and acts on their answers.
 */
import { COMPOUND_OPENERS, RESERVED_NAMES } from "./node-vocabulary";
import type { UnitDraft, WordRef } from "./unit-draft";
import { readShellWord } from "./word-text";

/** A prefix keyword (`time`, `!`, `coproc NAME`) to blank out before a re-parse, and what it meant. */
export interface PrefixRepair {
	readonly start: number;
	readonly end: number;
	readonly label: "time" | "negation" | "coproc";
}

/** The construct enclosing a command, as far as the repair checks need it. */
interface EnclosingNode {
	readonly nodeType: string;
	readonly start: number;
}

/**
 * Flags names only a misread tree produces and appends to `repairs` the prefix repair that explains them; returns
 * the misparse reason, or `null` when the command reads as bash would run it.
 */
export function commandMisparse(
	source: string,
	unit: UnitDraft,
	parent: EnclosingNode,
	repairs: PrefixRepair[],
): string | null {
	if (unit.name === null) return null;
	let misparse: string | null = null;
	const words: WordRef[] = [unit.name];
	for (const arg of unit.args) {
		const previous = words[words.length - 1] as WordRef;
		// SECURITY: `r\<newline>m` is one word `rm` to bash, but the tree splits it into `r` and `m` (EV-cont-*).
		if (source.slice(previous.end, arg.start) === "\\\n") misparse ??= "a line continuation splits a word";
		if (previous.end !== arg.start) {
			words.push(arg);
			continue;
		}
		// SECURITY: `rm $a.$b.$c` is one word to bash, but the tree reads `$a.$` and `b.$c`; words that touch are one.
		const joined = touchingWords(source, previous, arg);
		if (joined === null) {
			misparse ??= "the grammar split one word in two";
			words.push(arg);
		} else words[words.length - 1] = joined;
	}
	unit.name = words[0] as WordRef;
	unit.args.splice(0, unit.args.length, ...words.slice(1));
	const raw = source.slice(unit.name.start, unit.name.end);
	if (RESERVED_NAMES.has(raw)) misparse ??= `reserved word \`${raw}\` read as a command name`;
	if (COMPOUND_OPENERS.has(raw) && parent.nodeType === "negated_command") {
		repairs.push({ start: parent.start, end: parent.start + 1, label: "negation" });
	}
	if (raw === "time") {
		let index = 0;
		while (argText(source, unit, index) === "-p" || argText(source, unit, index) === "--") index++;
		const opener = unit.args[index];
		if (opener !== undefined && COMPOUND_OPENERS.has(argText(source, unit, index) as string)) {
			repairs.push({ start: unit.name.start, end: opener.start, label: "time" });
		}
	}
	if (raw === "coproc") {
		const opener = [0, 1].find((index) => COMPOUND_OPENERS.has(argText(source, unit, index) ?? ""));
		const at = opener === undefined ? undefined : unit.args[opener];
		if (at !== undefined) repairs.push({ start: unit.name.start, end: at.start, label: "coproc" });
	}
	return misparse;
}

/** Where the second of two touching words may start for the split to be the grammar's only misreading. */
const SPLIT_AT_SUBSTITUTION = /^(?:`|\$\(|[<>]\(|\\)/;

/**
 * ADR 0038: `touch name_`date`.txt`, `-m u:`whoami`:rwx`, `--files0-from=<(…)`, `{}\;`: the grammar ends a word
 * where a substitution or an escape starts, while reading both pieces right; bash reads one word, which is the two
 * ranges read as one with the dynamic spans the tree found in each. Only there: a split after `$` or an escape
 * (`$a.$` then `b.$c`) misreads a piece too, and a word whose spans the collector did not keep is not re-read.
 */
function touchingWords(source: string, first: WordRef, second: WordRef): WordRef | null {
	if (first.spans === undefined || second.spans === undefined) return null;
	if (!SPLIT_AT_SUBSTITUTION.test(source.slice(second.start, second.end))) return null;
	const before = source.slice(first.start, first.end);
	if (before.endsWith("$") || /(?:^|[^\\])(?:\\\\)*\\$/.test(before)) return null;
	const spans = [...first.spans, ...second.spans];
	return { word: readShellWord(source, first.start, second.end, spans), start: first.start, end: second.end, spans };
}

function argText(source: string, unit: UnitDraft, index: number): string | null {
	const arg = unit.args[index];
	return arg === undefined ? null : source.slice(arg.start, arg.end);
}

/**
 * SECURITY: tree-sitter-bash does not see backquotes in an interpolating heredoc body, but bash runs them; each
 * pair becomes nested program text parsed in place (evasion EV-heredoc-backquote).
 */
export function heredocBackquotes(
	source: string,
	start: number,
	end: number,
): { readonly spans: readonly { start: number; end: number; text: string }[]; readonly unmatched: boolean } {
	const spans: { start: number; end: number; text: string }[] = [];
	let open = -1;
	for (let i = start; i < end; i++) {
		const ch = source[i];
		if (ch === "\\") {
			i++;
		} else if (ch === "`" && open === -1) {
			open = i;
		} else if (ch === "`") {
			spans.push({ start: open, end: i + 1, text: source.slice(open + 1, i).replace(/\\([`$\\])/g, "$1") });
			open = -1;
		}
	}
	return { spans, unmatched: open !== -1 };
}

/**
 * SECURITY: tree-sitter-bash misses `$(…)` after leading tabs in a `<<-` body (EV-heredoc-dash); true when an
 * unescaped `$(` of an interpolating body lies outside every span the tree reported (`covered`), so we refuse.
 */
export function heredocHasUncoveredSubstitution(
	source: string,
	start: number,
	end: number,
	covered: readonly { start: number; end: number }[],
): boolean {
	for (let i = start; i < end - 1; i++) {
		if (source[i] === "\\") {
			i++;
			continue;
		}
		if (source[i] !== "$" || source[i + 1] !== "(") continue;
		if (!covered.some((span) => span.start <= i && i < span.end)) return true;
	}
	return false;
}

/**
 * SECURITY: where bash ends the ANSI-C string `$'…'` opening at `start`: a backslash escapes the next character, so
 * `$'\\'` ends at its third quote character while tree-sitter-bash reads on to the next `'` and hides what follows
 * (`echo $'\\' ; rm x #'`). Returns the index of the closing quote, or -1 when there is none before `end`.
 */
export function ansiCStringEnd(source: string, start: number, end: number): number {
	let i = start + 2;
	while (i < end) {
		const code = source.charCodeAt(i);
		if (code === 92 /* \ */) i += 2;
		else if (code === 39 /* ' */) return i;
		else i++;
	}
	return -1;
}

/** Openers of code that runs inside a word: a command or process substitution. */
const SUBSTITUTION_OPENER = /\$\(|`|[<>]\(/;

/**
 * SECURITY: tree-sitter-bash gives the operand of `${x#…}`, `${x%…}`, `${x^…}`, `${x,…}` (and `=~`) as opaque
 * `regex` text, although bash expands it and runs any substitution in it (`${PWD#$(rm x)}`).
 */
export function regexHidesSubstitution(text: string): boolean {
	return SUBSTITUTION_OPENER.test(text);
}

/** Where bash evaluates a string again: subscripts (`let`, `(( ))`, `-eq`, `declare -i/-n`, `${!x}`), `${x@P}`, prompts. */
const RE_EVALUATION = /\[|@P\}|\bPS[0-4]=|\bPROMPT_COMMAND=/;

/**
 * SECURITY: a substitution kept as data (`'a[$(rm x)]'`, `\$(rm x)`) runs when bash evaluates the string again
 * (`x='a[$(rm x)]'; (( x ))`, `x='$(rm x)'; echo ${x@P}`, `PS4='$(rm x)'; set -x`). The parse cannot follow values
 * that far, so a command holding both reads as unparseable (ADR 0019).
 */
export function reEvaluatesQuotedSubstitution(source: string, quotedTexts: () => readonly string[]): boolean {
	if (!RE_EVALUATION.test(source)) return false;
	return /\\\$\(|\\`/.test(source) || quotedTexts().some((text) => SUBSTITUTION_OPENER.test(text));
}

/** Digits glued to a following `<` or `>`: bash's file-descriptor prefix of a redirect, never a word of its own. */
export function descriptorBeforeRedirect(source: string, start: number, end: number): boolean {
	const next = source.charCodeAt(end);
	if (next !== 60 /* < */ && next !== 62 /* > */) return false;
	for (let i = start; i < end; i++) {
		const code = source.charCodeAt(i);
		if (code < 48 || code > 57) return false;
	}
	return end > start;
}
