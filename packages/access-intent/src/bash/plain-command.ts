/**
 * Owns: the fast path for the commonest commands: plain words (no quotes, expansions, globs, redirects) joined by
 * standalone `&&`, `||`, `;`, `|`, `&`, drafted without a tree walk. A differential test holds it equal to the walk.
 * Never: guesses; any character or word outside its narrow grammar sends the command to tree-sitter.
 */
import type { UnitContext } from "./command-unit";
import { labelPlainControl } from "./control-labels";
import { RESERVED_NAMES } from "./node-vocabulary";
import { newDraft, type UnitDraft } from "./unit-draft";

/**
 * Characters that are literal in every position of an unquoted bash word and that tree-sitter-bash reads as one
 * plain word in every arrangement of three (`@`, `%`, `+` are not: the grammar errors on `a@b`, `a%b`, `a+:`).
 */
const PLAIN_WORD = /^[A-Za-z0-9_./:,=-]+$/;
/** A narrower set for the command name: tree-sitter-bash reads some of the others there differently (`a@b`). */
const PLAIN_NAME = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*$/;
/** Names the grammar turns into other nodes (declarations, `unset`) or that open constructs. */
const SPECIAL_NAMES: ReadonlySet<string> = new Set([
	...RESERVED_NAMES,
	"time",
	"coproc",
	"export",
	"declare",
	"local",
	"readonly",
	"typeset",
	"unset",
]);
const SEPARATORS: ReadonlySet<string> = new Set(["&&", "||", ";", "|", "&"]);
const BLANK = /[ \t]/;

/** Drafts for `command` when it is in the plain grammar, otherwise `null`. */
export function plainCommandDrafts(
	command: string,
	context: UnitContext | null,
	nesting: readonly string[],
): UnitDraft[] | null {
	const drafts: UnitDraft[] = [];
	/** `separators[k]` follows `drafts[k]`; a missing entry is the end of the command. */
	const separators: string[] = [];
	let current: UnitDraft | null = null;
	let i = 0;
	while (i < command.length) {
		if (BLANK.test(command[i] as string)) {
			i++;
			continue;
		}
		let end = i;
		while (end < command.length && !BLANK.test(command[end] as string)) end++;
		const token = command.slice(i, end);
		if (SEPARATORS.has(token)) {
			if (current === null) return null;
			separators.push(token);
			current = null;
		} else {
			// `==` and other words led by `=` read as test operators to the grammar.
			if (!PLAIN_WORD.test(token) || token.startsWith("=")) return null;
			const ref = {
				word: { raw: token, parts: [{ kind: "literal" as const, text: token, globActive: false }] },
				start: i,
				end,
			};
			if (current === null) {
				// An assignment prefix or a reserved word changes the grammar: leave those to the tree.
				if (!PLAIN_NAME.test(token) || SPECIAL_NAMES.has(token)) return null;
				current = newDraft("simple", i, end, context, nesting);
				current.name = ref;
				drafts.push(current);
			} else {
				current.args.push(ref);
				current.end = end;
			}
		}
		i = end;
	}
	// A trailing `&` is a background job; any other trailing separator is a syntax error for the tree to report.
	const last = command.trimEnd();
	if (current === null && drafts.length > 0 && !last.endsWith("&")) return null;
	if (last.endsWith("&&")) return null;
	// tree-sitter-bash nests `a | b | c && d` oddly (a pipeline holding a list): such mixes are left to the tree.
	if (separators.includes("|") && (separators.includes("&&") || separators.includes("||"))) return null;
	labelPlainControl(drafts, separators, nesting.length);
	return drafts;
}
