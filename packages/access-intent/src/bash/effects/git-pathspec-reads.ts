/**
 * Owns: the files a git command names by pathspec (gitglossary(7) "pathspec"): operands after `--`, and before it the
 * operands only a pathspec can be (magic `:(icase).ENV`, `:/x`, a glob `'*.env'`), with the magic stripped; and the
 * file of `git log -L<range>:<file>`.
 * Never: matches a pattern against the repository (git matches a glob pathspec against every tracked path: the
 * pattern text is the candidate, so `*.env` meets a `*.env` rule) or resolves revisions (`git-revision-reads.ts`).
 */

import { scanOptions } from "../options/option-scanner";
import { GIT_GLOBAL_OPTIONS } from "../options/programs/git";

/** What a pathspec names: a path or pattern to judge as a file, or files this reading cannot name. */
export type PathspecRead =
	| { readonly kind: "path"; readonly text: string }
	| { readonly kind: "unresolved"; readonly spelling: string };

/** Sub-commands whose operands before `--` may be pathspecs (git-log(1), git-grep(1), git-ls-files(1), …). */
const PATHSPEC_SUBCOMMANDS: ReadonlySet<string> = new Set([
	"log",
	"show",
	"whatchanged",
	"shortlog",
	"format-patch",
	"diff",
	"diff-tree",
	"diff-index",
	"diff-files",
	"difftool",
	"grep",
	"blame",
	"annotate",
	"ls-files",
	"ls-tree",
	"archive",
	"checkout",
	"restore",
	"add",
	"rm",
	"stash",
]);

const GLOB = /[*?[]/;

/** Long magic words (gitglossary(7)): `:(top,icase)path`; `attr:` takes the rest up to `,` or `)`. */
const LONG_MAGIC = /^:\(([^)]*)\)(.*)$/s;
/** Short magic: `:` then signature characters (`/` top, `!` and `^` exclude), an optional `:` ends them. */
const SHORT_MAGIC = /^:([/!^]*):?(.*)$/s;

/** One pathspec read by git's rules; `icase` (from `--icase-pathspecs` too) is a match no case-sensitive rule makes. */
function readPathspec(spec: string, icaseAll: boolean): PathspecRead[] {
	let magic: string[] = [];
	let path = spec;
	const long = LONG_MAGIC.exec(spec);
	const short = long === null ? SHORT_MAGIC.exec(spec) : null;
	if (long !== null) {
		magic = (long[1] ?? "").split(",").map((word) => word.trim().replace(/:.*$/s, ""));
		path = long[2] ?? "";
	} else if (short !== null && spec.startsWith(":")) {
		magic = [...(short[1] ?? "")].map((char) => (char === "/" ? "top" : "exclude"));
		path = short[2] ?? "";
	}
	// An excluding pathspec narrows what the others match; alone it means every other path, as no pathspec does.
	if (magic.includes("exclude")) return [];
	if (path === "" || path === ".") return [];
	const reads: PathspecRead[] = [{ kind: "path", text: path.replace(/^\.\//, "") }];
	// SECURITY: `:(icase).ENV` is `.env` to git: a case-sensitive rule cannot meet every spelling it matches.
	if (icaseAll || magic.includes("icase")) {
		reads.push({ kind: "path", text: path.toLowerCase() });
		reads.push({ kind: "unresolved", spelling: `files git matches case-insensitively: ${spec}` });
	}
	return reads;
}

/** `-L<start>,<end>:<file>`, `-L:<funcname>:<file>`: the file after the last colon. */
function lineRangeFile(range: string): string | null {
	const colon = range.lastIndexOf(":");
	if (colon < 0) return null;
	const file = range.slice(colon + 1);
	return file === "" ? null : file;
}

/**
 * The files `git <args>` names by pathspec (literal words; `null` for a word that is not literal: a computed
 * pathspec is a computed operand, judged as one elsewhere).
 */
export function gitPathspecReads(args: readonly (string | null)[]): PathspecRead[] {
	const global = scanOptions(args, GIT_GLOBAL_OPTIONS);
	const icaseAll = global.options.some((option) => option.written === "--icase-pathspecs");
	const start = global.rest;
	const subcommand = args[start];
	if (subcommand === null || subcommand === undefined) return [];
	const reads: PathspecRead[] = [];
	const pathspecOperands = PATHSPEC_SUBCOMMANDS.has(subcommand);
	let afterSeparator = false;
	for (let index = start + 1; index < args.length; index++) {
		const word = args[index];
		if (word === null || word === undefined) continue;
		if (afterSeparator) {
			reads.push(...readPathspec(word, icaseAll));
			continue;
		}
		if (word === "--") {
			afterSeparator = true;
			continue;
		}
		// SECURITY: `git log -L1,1:.env` prints the file's lines with their history.
		if (word.startsWith("-L") && subcommand === "log") {
			const range = word === "-L" ? args[index + 1] : word.slice(2);
			if (word === "-L") index++;
			const file = range === null || range === undefined ? null : lineRangeFile(range);
			if (file !== null) reads.push(...readPathspec(file, icaseAll));
			continue;
		}
		if (!pathspecOperands || word.startsWith("-")) continue;
		// SECURITY: before `--`, git takes a word with magic or a glob as a pathspec (`git log -p '*.env'`).
		if (word.startsWith(":") || GLOB.test(word) || icaseAll) reads.push(...readPathspec(word, icaseAll));
	}
	return reads;
}
