/**
 * Owns: turning the plan's deny globs (sandbox-runtime's syntax: `**` crosses `/`, `*` and `?` stay in one name,
 * `[...]` a set) into the existing paths bubblewrap masks, as sandbox-runtime did at every wrap: the tree below each
 * glob's literal directory is walked (through linked directories, each real directory once), every entry whose path
 * the glob matches is listed where it really lives, a matched directory is listed whole, and a directory that cannot
 * be read is listed whole (what is in it cannot be told). A glob ending in `/**` also names its directory.
 * Never: reads a directory the listing cache can answer, or lists a path that does not exist.
 */
import type { DirectoryListingCache } from "./directory-listing-cache";

/** One existing path a deny glob covers, in its canonical form. */
interface GlobMatch {
	readonly path: string;
	readonly isDirectory: boolean;
}

interface CompiledGlob {
	readonly base: string;
	readonly pattern: RegExp;
}

/** True when the text holds a glob character (the plan's literal paths hold none; `[` is written `[[]`). */
export function hasGlobCharacter(text: string): boolean {
	return /[*?[]/.test(text);
}

/** Every existing path the globs cover, canonical and without duplicates, in walk order. */
export function expandDenyGlobs(globs: readonly string[], cache: DirectoryListingCache): GlobMatch[] {
	const found = new Map<string, GlobMatch>();
	const byBase = new Map<string, RegExp[]>();
	for (const glob of globs) {
		const compiled = compileGlob(glob);
		if (compiled === null) continue;
		byBase.set(compiled.base, [...(byBase.get(compiled.base) ?? []), compiled.pattern]);
	}
	for (const [base, patterns] of byBase) walkBase(base, patterns, cache, found);
	return [...found.values()];
}

function walkBase(
	base: string,
	patterns: readonly RegExp[],
	cache: DirectoryListingCache,
	found: Map<string, GlobMatch>,
) {
	const reader = cache.reader;
	const realBase = reader.canonical(base);
	if (realBase === null || !reader.isDirectory(realBase)) return;
	const matches = (lexical: string) => patterns.some((pattern) => pattern.test(lexical));
	if (matches(base)) {
		found.set(realBase, { path: realBase, isDirectory: true });
		return;
	}
	const visited = new Set<string>([realBase]);
	// INVARIANT: an explicit stack, so a deep tree cannot overflow the call stack.
	const stack: { lexical: string; real: string }[] = [{ lexical: base, real: realBase }];
	for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
		const entries = cache.list(next.real);
		if (entries === null) continue;
		if (entries === "unreadable") {
			// SECURITY: what an unreadable directory holds cannot be told; it is denied whole rather than skipped.
			found.set(next.real, { path: next.real, isDirectory: true });
			continue;
		}
		for (const entry of entries) {
			const lexical = `${trimSlash(next.lexical)}/${entry.name}`;
			let real = `${trimSlash(next.real)}/${entry.name}`;
			let isDirectory = entry.kind === "directory";
			if (entry.kind === "symlink") {
				// SECURITY: a link is followed as every program follows it: the mask lands where the data really is.
				const resolved = reader.canonical(real);
				if (resolved === null) continue;
				real = resolved;
				isDirectory = reader.isDirectory(resolved);
			}
			if (matches(lexical)) {
				found.set(real, { path: real, isDirectory });
				continue;
			}
			if (isDirectory && !visited.has(real)) {
				visited.add(real);
				stack.push({ lexical, real });
			}
		}
	}
}

/** The walk root and the matcher of a glob, or `null` for a literal path (nothing to expand). */
function compileGlob(glob: string): CompiledGlob | null {
	const first = glob.search(/[*?[]/);
	if (first === -1 || !glob.startsWith("/")) return null;
	const base = glob.slice(0, Math.max(1, glob.lastIndexOf("/", first)));
	let source = globSource(glob);
	// A glob ending in `/**` names the directory too (`/data/**` denies `/data`).
	if (glob.endsWith("/**")) source = `(?:${source}|${globSource(glob.slice(0, -3))})`;
	return { base, pattern: new RegExp(`^${source}$`, "s") };
}

function globSource(glob: string): string {
	let out = "";
	for (let index = 0; index < glob.length; index += 1) {
		const char = glob[index] ?? "";
		if (char === "*") {
			if (glob[index + 1] === "*") {
				while (glob[index + 1] === "*") index += 1;
				// SECURITY: `**/` also matches no directory at all (`/p/**/.env` covers `/p/.env`), as sandbox-runtime reads it.
				if (glob[index + 1] === "/") {
					out += "(?:.*/)?";
					index += 1;
				} else out += ".*";
			} else out += "[^/]*";
		} else if (char === "?") out += "[^/]";
		else if (char === "[") {
			const close = setEnd(glob, index);
			if (close === -1) out += "\\[";
			else {
				out += setSource(glob.slice(index + 1, close));
				index = close;
			}
		} else out += char.replace(/[.+^${}()|\\\]]/g, "\\$&");
	}
	return out;
}

/** Where the set opened at `open` closes (a `]` right after `[` or `[!` is a member), or -1. */
function setEnd(glob: string, open: number): number {
	let index = open + 1;
	if (glob[index] === "!" || glob[index] === "^") index += 1;
	if (glob[index] === "]") index += 1;
	return glob.indexOf("]", index);
}

function setSource(body: string): string {
	const negated = body.startsWith("!") || body.startsWith("^");
	const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, "\\$&");
	return negated ? `[^/${members}]` : `[${members}]`;
}

function trimSlash(path: string): string {
	return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
