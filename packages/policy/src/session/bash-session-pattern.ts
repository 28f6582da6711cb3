/**
 * Owns: the session pattern for ONE bash command unit (`git checkout main` -> `git checkout *`): arity-based,
 * never wider than the unit's command family, or a refusal with its reason.
 * Never: splits a command line into units (the engine passes one unit's text) or reads the arity data's source.
 */
import { familyName, lookupArity, MAX_ARITY } from "./bash-family";
import {
	INLINE_CODE_SPELLINGS,
	INLINE_PROGRAM_COMMANDS,
	type InlineCodeSpelling,
	SHELL_KEYWORDS,
	SHELL_STATE_BUILTINS,
	WRAPPER_COMMANDS,
} from "./never-suggest-table";

/** Why a unit gets no session suggestion. */
export type NeverSuggestReason =
	/** `sudo`, `env`, `xargs`, `timeout`, …: the grant would reach whatever they run. */
	| "wrapper"
	/** `if`, `for`, …: a control structure, not one command family. */
	| "shell-keyword"
	/** `export`, `alias`, `trap`, …: they change how later commands resolve. */
	| "shell-state"
	/** `awk`: the first operand is always a program. */
	| "inline-program"
	/** `bash -c`, `python -c`, `node -e`, `deno eval`, …: the payload is opaque code. */
	| "inline-code"
	/** A shell or interpreter with no operand reads its program from standard input. */
	| "reads-stdin"
	/** A word of the prefix is not a plain literal (quotes, `$`, backticks, globs, `\`, `=`, redirections). */
	| "non-literal-word"
	/** An exact-text suggestion would contain `*` or `?`, which the pattern language reads as wildcards. */
	| "wildcard-in-text"
	/** An exact-text suggestion would contain `$` or a backtick, so its meaning changes at run time. */
	| "dynamic-text"
	/** The prefix words span several lines: this is not one command unit. */
	| "several-commands";

type BashSessionPattern =
	/** Nothing but whitespace and comments. */
	| { readonly kind: "empty" }
	/** The family and action: `git checkout *`, `npm run build *`, or a lone word `ls`. */
	| { readonly kind: "family"; readonly pattern: string; readonly family: string; readonly arity: number }
	/** The unit's exact text: too few words to name the action (`git`), or a flag among them (`git -C x log`). */
	| { readonly kind: "exact"; readonly pattern: string; readonly family: string }
	| { readonly kind: "never"; readonly reason: NeverSuggestReason };

/** Characters a prefix word may contain; anything else (quotes, `$`, `` ` ``, `*`, `?`, `\`, `=`, `<`, …) refuses. */
const PLAIN_LITERAL = /^[A-Za-z0-9._+:@%,/-]+$/;
const WILDCARD = /[*?]/;
const DYNAMIC = /[$`]/;

/** Drops leading blank and comment lines, then surrounding whitespace. */
export function normalizeUnitText(unitText: string): string {
	const lines = unitText.split("\n");
	let first = 0;
	while (first < lines.length) {
		const line = (lines[first] ?? "").trim();
		if (line !== "" && !line.startsWith("#")) break;
		first++;
	}
	return lines.slice(first).join("\n").trim();
}

interface Word {
	readonly text: string;
	/** Offset just past the word in the normalised text. */
	readonly end: number;
}

/** Up to `max` words of the first line; spaces and tabs separate words, a newline ends the line. */
function firstLineWords(text: string, max: number): Word[] {
	const words: Word[] = [];
	let i = 0;
	while (words.length < max && i < text.length) {
		while (text[i] === " " || text[i] === "\t") i++;
		if (i >= text.length || text[i] === "\n") break;
		const start = i;
		while (i < text.length && text[i] !== " " && text[i] !== "\t" && text[i] !== "\n") i++;
		words.push({ text: text.slice(start, i), end: i });
	}
	return words;
}

function hasInlineCode(words: readonly string[], spelling: InlineCodeSpelling): boolean {
	for (const word of words.slice(1)) {
		if (spelling.subcommands.includes(word.toLowerCase())) return true;
		if (spelling.long.some((flag) => word === flag || word.startsWith(`${flag}=`))) return true;
		// SECURITY: a code flag counts inside a cluster (`bash -lc`, `perl -lne`, `python3 -Ic`).
		if (/^-[A-Za-z]+$/.test(word) && [...word.slice(1)].some((letter) => spelling.letters.includes(letter))) {
			return true;
		}
	}
	return false;
}

/** Refusals that depend only on the family and the unit's words. */
function familyRefusal(family: string, allWords: readonly string[]): NeverSuggestReason | null {
	if (SHELL_KEYWORDS.has(family)) return "shell-keyword";
	if (WRAPPER_COMMANDS.has(family)) return "wrapper";
	if (SHELL_STATE_BUILTINS.has(family)) return "shell-state";
	if (INLINE_PROGRAM_COMMANDS.has(family)) return "inline-program";
	const spelling = INLINE_CODE_SPELLINGS.get(family);
	if (!spelling) return null;
	if (hasInlineCode(allWords, spelling)) return "inline-code";
	// SECURITY: `curl … | bash` runs `bash` with no operand; a grant for it would run any piped program.
	const hasOperand = allWords.slice(1).some((word) => !word.startsWith("-"));
	if (spelling.readsStdinWithoutOperand && !hasOperand) return "reads-stdin";
	return null;
}

function exact(text: string, family: string): BashSessionPattern {
	// SECURITY: the exact text becomes a pattern, so a `*` or `?` in it would widen the grant.
	if (WILDCARD.test(text)) return { kind: "never", reason: "wildcard-in-text" };
	if (DYNAMIC.test(text)) return { kind: "never", reason: "dynamic-text" };
	return { kind: "exact", pattern: text, family };
}

const isFlag = (word: string) => word.startsWith("-") || word.startsWith("+");

/**
 * The session pattern for one command unit. More words than the family's arity give `prefix *`; exactly the arity
 * gives `prefix *` too (a lone word gives itself); fewer give the exact text. The prefix keeps the unit's own spelling
 * (`Git checkout main` -> `Git checkout *`) while the family lookup ignores case.
 */
export function analyzeBashSessionPattern(unitText: string): BashSessionPattern {
	const text = normalizeUnitText(unitText);
	if (text === "") return { kind: "empty" };
	const words = firstLineWords(text, MAX_ARITY);
	const head = words[0];
	// SECURITY: `FOO=1 cmd`, `$cmd`, `\rm`, `'rm'`, `>x cmd`, `-rf` never name a family.
	if (!head || !PLAIN_LITERAL.test(head.text) || isFlag(head.text))
		return { kind: "never", reason: "non-literal-word" };
	const family = familyName(head.text);
	if (family === "") return { kind: "never", reason: "non-literal-word" };
	const refusal = familyRefusal(family, text.split(/[ \t\n]+/));
	if (refusal) return { kind: "never", reason: refusal };

	const { keyWords, arity } = lookupArity(words.map((w) => w.text));
	const available = Math.min(arity, words.length);
	for (let i = keyWords; i < available; i++) {
		const word = (words[i] as Word).text;
		// A flag before the action word (`git -C dir push`) hides which action runs: grant only this exact text.
		if (isFlag(word)) return exact(text, family);
		// SECURITY: a quoted, expanded or globbed word must not become part of a pattern prefix.
		if (!PLAIN_LITERAL.test(word)) return { kind: "never", reason: "non-literal-word" };
	}
	if (words.length < arity) {
		// SECURITY: `git` alone must not become `git*`, which would grant `git push`.
		return text.includes("\n") ? { kind: "never", reason: "several-commands" } : exact(text, family);
	}
	const last = words[arity - 1] as Word;
	const prefix = text.slice(0, last.end);
	const rest = text.slice(last.end);
	// Decision change (ADR 0004): exactly the arity gives `prefix *`, not the reference's `prefix*`, which would
	// also grant `npm run build:deploy` from `npm run build`; the optional trailing ` *` still matches the bare text.
	if (rest === "") return { kind: "family", pattern: arity === 1 ? prefix : `${prefix} *`, family, arity };
	if (rest.startsWith("\n")) return { kind: "never", reason: "several-commands" };
	// A tab after the prefix is kept, so the pattern still matches the unit it was made for.
	const pattern = rest.startsWith("\t") ? `${prefix}\t*` : `${prefix} *`;
	return { kind: "family", pattern, family, arity };
}

/**
 * The suggested pattern for one unit, `""` for an empty unit (the reference's answer), or `null` when no session
 * option may be offered.
 */
export function bashSessionPattern(unitText: string): string | null {
	const result = analyzeBashSessionPattern(unitText);
	switch (result.kind) {
		case "empty":
			return "";
		case "family":
		case "exact":
			return result.pattern;
		case "never":
			return null;
		default: {
			const unhandled: never = result;
			throw new Error(`unhandled bash session pattern ${String(unhandled)}`);
		}
	}
}
