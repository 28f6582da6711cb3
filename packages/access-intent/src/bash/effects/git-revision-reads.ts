/**
 * Owns: the files a git command reads by its own syntax, `REV:PATH` (`git show HEAD:.env`, `git cat-file -p
 * main:config/secret`) and the index form `:PATH` / `:N:PATH`, for the sub-commands that take such objects.
 * Never: resolves revisions or reads the repository; the path is a candidate as written (git reads it from its object
 * store, so no sandbox that masks files by name can stop it: the gate's path rules must meet it; ADR 0037).
 */

import { scanOptions } from "../options/option-scanner";
import { GIT_GLOBAL_OPTIONS } from "../options/programs/git";

/** Sub-commands whose operands may name an object as `REV:PATH`. */
const OBJECT_SUBCOMMANDS: ReadonlySet<string> = new Set([
	"show",
	"cat-file",
	"diff",
	"difftool",
	"grep",
	"archive",
	"ls-tree",
	"blame",
]);

/**
 * The paths named by `REV:PATH` operands of `git <args>` (literal words; `null` for a word that is not literal). A
 * URL (`https://…`) is not an object name.
 */
export function gitRevisionReads(args: readonly (string | null)[]): string[] {
	const i = scanOptions(args, GIT_GLOBAL_OPTIONS).rest;
	const subcommand = args[i];
	if (subcommand === null || subcommand === undefined || !OBJECT_SUBCOMMANDS.has(subcommand)) return [];
	const reads: string[] = [];
	for (const operand of args.slice(i + 1)) {
		if (operand === null || operand.startsWith("-")) continue;
		const path = objectPath(operand);
		if (path !== null) reads.push(path);
	}
	return reads;
}

function objectPath(operand: string): string | null {
	// `:0:path` / `:path`: the index; `rev:path`: a tree-ish. The path part is everything after the last revision colon.
	const index = /^:(?:[0-3]:)?(.+)$/.exec(operand);
	if (index?.[1] !== undefined) return index[1];
	const revision = /^[^:\s]+:(.+)$/.exec(operand);
	const path = revision?.[1];
	if (path === undefined || path.startsWith("//")) return null;
	return path;
}
