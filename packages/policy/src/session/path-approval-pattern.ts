/**
 * Owns: the session pattern for one path value: the directory that holds it, as a glob (`/a/src/x.ts` -> `/a/src/*`),
 * in the value's own separators, for both path flavors.
 * Never: touches the file system or normalises the path; a value it cannot turn into a safe glob gives `null`.
 */
import type { PathFlavor } from "../path-flavor";

const WILDCARD = /[*?]/;
const HOME_REFERENCES = new Set(["~", "$HOME", "${HOME}"]);

function isSeparator(ch: string, flavor: PathFlavor): boolean {
	return ch === "/" || (flavor.name === "win32" && ch === "\\");
}

function lastSeparator(value: string, flavor: PathFlavor): number {
	for (let i = value.length - 1; i >= 0; i--) if (isSeparator(value[i] ?? "", flavor)) return i;
	return -1;
}

/**
 * The directory of `pathValue` as a glob. A value ending in a separator is itself the directory (`/a/src/` ->
 * `/a/src/*`); a bare name is relative to the working directory (`index.html` -> `./*`, `.\*` on win32).
 * Returns `null` when the directory part holds `*`, `?` or a `..` segment, or the value is a bare home reference.
 */
export function pathApprovalPattern(pathValue: string, flavor: PathFlavor): string | null {
	if (pathValue === "" || HOME_REFERENCES.has(pathValue)) return null;
	const cut = lastSeparator(pathValue, flavor);
	if (cut === -1) {
		// `C:name` is relative to drive C's own working directory, not ours.
		if (flavor.name === "win32" && /^[A-Za-z]:/.test(pathValue)) return null;
		return `.${flavor.separator}*`;
	}
	const directory = pathValue.slice(0, cut + 1);
	// SECURITY: a wildcard in the directory would widen the grant beyond that directory (`/a/*b/` matches `/a/x/y/b/`).
	if (WILDCARD.test(directory)) return null;
	// SECURITY: `/a/src/../*` would match `/a/src/../../etc/passwd` as text; refuse rather than guess.
	const segments = directory.split(flavor.name === "win32" ? /[\\/]/ : "/");
	if (segments.includes("..")) return null;
	return `${directory}*`;
}
