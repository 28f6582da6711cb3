/**
 * Owns: whether a bash token (already expanded) is spelled like a path, and the shapes that only look like one.
 * Never: asks the file system; a bare word that names an existing entry is promoted by the caller, not here.
 */
import type { PathFlavor } from "@pi-permissions/policy";

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const SCOPED_PACKAGE = /^@[a-z0-9][a-z0-9._~-]*\/[a-z0-9][a-z0-9._~-]*(?:@[^/\s]*)?$/;
const WIN32_DRIVE = /^[A-Za-z]:[\\/]/;
/** `.5`, `.25`: a number, not a dotfile. */
const DOT_NUMBER = /^\.\d/;
const ASSIGNMENT_OPERAND = /^(?:--?[A-Za-z0-9][A-Za-z0-9_.-]*|[A-Za-z_][A-Za-z0-9_.-]*)=(.*)$/s;

/** `https://…`, `git+ssh://…`, `file://…`: a URL is a network or scheme address, not a path operand. */
function isUrl(token: string): boolean {
	// A plain substring test first: this runs on every operand word of every command.
	return token.includes("://") && URL_SCHEME.test(token);
}

/** `@types/node`, `@scope/pkg@1.2`: a package name, not a path (PP-226). */
function isScopedPackageName(token: string): boolean {
	return token.charCodeAt(0) === 64 /* @ */ && SCOPED_PACKAGE.test(token);
}

/**
 * Path shape: absolute (`/x`, `C:\x`, `C:/x`, `\\host\share` on win32), home-relative (`~`, `~/x`), dot-relative
 * (`.`, `..`, `./x`, `../x`), a dotfile (`.env`), or any word with a separator (`src/foo.ts`, `src\foo.ts` on win32).
 */
export function isPathShaped(token: string, flavor: PathFlavor): boolean {
	if (token === "" || isUrl(token) || isScopedPackageName(token)) return false;
	if (token.startsWith("-")) return false;
	if (token === "~" || token.startsWith("~/")) return true;
	if (token.startsWith(".")) return !DOT_NUMBER.test(token);
	if (token.includes("/")) return true;
	if (flavor.name === "win32" && (WIN32_DRIVE.test(token) || token.includes("\\"))) return true;
	return false;
}

/** Splits `--opt=value` / `key=value` into its value when the left side looks like an option or a key, else `null`. */
export function assignmentOperandValue(token: string): string | null {
	if (!token.includes("=")) return null;
	const match = ASSIGNMENT_OPERAND.exec(token);
	return match ? (match[1] ?? "") : null;
}
