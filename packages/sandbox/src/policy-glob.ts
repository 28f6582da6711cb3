/**
 * Owns: turning one policy wildcard pattern (`*` crosses `/`, `?` one character, everything else literal, a leading
 * `~` is home) into the sandbox-runtime globs that cover the same paths under the roots the sandbox enforces in.
 * Never: reads the file system or decides which rules apply; `sandbox-plan.ts` picks the rules.
 */
import { expandHome } from "@pi-permissions/policy";

export interface GlobRoots {
	/** The working directory as Pi reports it, and its symlink-canonical form when that differs. */
	readonly cwdForms: readonly string[];
	/** Where a pattern that may match anywhere (`*.env`) is enforced besides the project: the writable directories. */
	readonly scanRoots: readonly string[];
	readonly home: string;
}

type GlobTranslation =
	| { readonly kind: "globs"; readonly globs: readonly string[] }
	| { readonly kind: "skipped"; readonly why: string };

/** True for a pattern that matches every path (`*`, `**`): no sandbox can deny it and still run a shell. */
export function isCatchAllPattern(pattern: string): boolean {
	return pattern.length > 0 && /^\*+$/.test(pattern);
}

/**
 * The sandbox globs for `pattern`. An absolute pattern stays where it is; a relative one that starts with a
 * wildcard may match any path, so it is rooted at each scan root; any other relative pattern is under the project.
 */
export function translatePattern(pattern: string, roots: GlobRoots): GlobTranslation {
	if (isCatchAllPattern(pattern)) {
		return { kind: "skipped", why: "it matches every path; the shell itself could not run" };
	}
	const expanded = expandHome(pattern, roots.home);
	if (expanded.startsWith("/")) return { kind: "globs", globs: [toSandboxGlob(expanded)] };
	const glob = toSandboxGlob(expanded);
	const bases = startsWithWildcard(expanded) ? unique([...roots.cwdForms, ...roots.scanRoots]) : roots.cwdForms;
	return { kind: "globs", globs: unique(bases.map((base) => `${trimSlash(base)}/${stripDotSlash(glob)}`)) };
}

/**
 * Our `*` crosses `/`; sandbox-runtime's `**` written against other text does too, so every `*` becomes `**`.
 * `[` and `]` are literal in a policy and a set in a glob, so they are bracketed into themselves.
 */
export function toSandboxGlob(pattern: string): string {
	let out = "";
	for (const char of pattern) {
		if (char === "*") out += out.endsWith("**") ? "" : "**";
		else if (char === "[") out += "[[]";
		else if (char === "]") out += "[]]";
		else out += char;
	}
	return out;
}

/** True when the glob names a set of paths rather than one path (it holds a wildcard or a bracket set). */
export function isGlob(glob: string): boolean {
	return glob.includes("*") || glob.includes("?") || glob.includes("[");
}

/**
 * The directory a glob ending in `/**` names (`/data/**` -> `/data`), or `null` for any other glob. Linux's sandbox
 * takes only literal paths for writes, and a trailing `/**` is exactly a directory.
 */
export function directoryOfTreeGlob(glob: string): string | null {
	if (!glob.endsWith("/**")) return null;
	const dir = glob.slice(0, -3);
	return dir.length > 0 && !isGlob(dir) ? dir : null;
}

function startsWithWildcard(pattern: string): boolean {
	return pattern.startsWith("*") || pattern.startsWith("?");
}

function stripDotSlash(glob: string): string {
	return glob.startsWith("./") ? glob.slice(2) : glob;
}

function trimSlash(path: string): string {
	return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

function unique(values: readonly string[]): string[] {
	return [...new Set(values)];
}
