/**
 * Owns: pure path arithmetic for both flavors (root parsing, `.`/`..` folding, joining, containment by prefix).
 * Never: touches the file system or `node:path`; symlinks are the normalizer's business, not this module's.
 */
import type { PathFlavor } from "@pi-permissions/policy";

/** A path split into its root (`""` when relative) and its segments, without any folding. */
interface ParsedPath {
	/** `""` (relative), `/` (posix), or a win32 root: `C:\`, `\\server\share\`, `\`. */
	readonly root: string;
	readonly segments: readonly string[];
}

const DRIVE = /^[A-Za-z]:/;

const WIN32_SEPARATORS = /[\\/]/;
const UNC = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)(.*)$/;

function splitSegments(rest: string, flavor: PathFlavor): string[] {
	return flavor.name === "win32" ? rest.split(WIN32_SEPARATORS) : rest.split("/");
}

export function parsePath(path: string, flavor: PathFlavor): ParsedPath {
	if (flavor.name === "posix") {
		return { root: path.startsWith("/") ? "/" : "", segments: path.split("/") };
	}
	const unc = UNC.exec(path);
	if (unc) return { root: `\\\\${unc[1]}\\${unc[2]}\\`, segments: splitSegments(unc[3] ?? "", flavor) };
	if (DRIVE.test(path)) {
		// INVARIANT: a drive-relative `C:foo` is read as `C:\foo`; the drive's own cwd is unknowable here.
		return { root: `${path.slice(0, 2).toUpperCase()}\\`, segments: splitSegments(path.slice(2), flavor) };
	}
	if (path.startsWith("/") || path.startsWith("\\")) return { root: "\\", segments: splitSegments(path, flavor) };
	return { root: "", segments: splitSegments(path, flavor) };
}

/** Same answer as `parsePath(path, flavor).root !== ""`, without splitting the path. */
export function isAbsolutePath(path: string, flavor: PathFlavor): boolean {
	if (path.startsWith("/")) return true;
	if (flavor.name === "posix") return false;
	return path.startsWith("\\") || DRIVE.test(path);
}

/** Folds empty and `.` segments and resolves `..` lexically; `..` never climbs above a root. */
export function foldSegments(parsed: ParsedPath): string[] {
	const out: string[] = [];
	for (const segment of parsed.segments) {
		if (segment === "" || segment === ".") continue;
		if (segment === "..") {
			const last = out[out.length - 1];
			if (last !== undefined && last !== "..") out.pop();
			else if (parsed.root === "") out.push("..");
			continue;
		}
		out.push(segment);
	}
	return out;
}

export function formatPath(root: string, segments: readonly string[], flavor: PathFlavor): string {
	const body = segments.join(flavor.separator);
	// INVARIANT: a relative win32 path whose first segment reads as a drive (`C:`) keeps a `.\` so it stays relative.
	if (root === "" && flavor.name === "win32" && DRIVE.test(body)) return `.${flavor.separator}${body}`;
	if (root === "") return body === "" ? "." : body;
	return root + body;
}

/** A posix spelling `normalizePath` would change: an empty, `.` or `..` segment, or a trailing separator. */
const POSIX_NOT_NORMAL = /\/\/|(?:^|\/)\.\.?(?:\/|$)|.\/$/;

export function normalizePath(path: string, flavor: PathFlavor): string {
	// Most paths are already normal: one regex test instead of a split and a join (a differential test holds it equal).
	if (flavor.name === "posix" && path !== "" && !POSIX_NOT_NORMAL.test(path)) return path;
	const parsed = parsePath(path, flavor);
	return formatPath(parsed.root, foldSegments(parsed), flavor);
}

/** `rel` against the absolute directory `base` (or `rel` itself when absolute), lexically normalised. */
export function joinPath(base: string, rel: string, flavor: PathFlavor): string {
	if (isAbsolutePath(rel, flavor)) return normalizePath(rel, flavor);
	if (rel === "") return normalizePath(base, flavor);
	return normalizePath(`${base}${flavor.separator}${rel}`, flavor);
}

/** `dir` (a normalised absolute path) followed by one plain segment name (not empty, `.` or `..`). */
export function appendSegment(dir: string, segment: string, flavor: PathFlavor): string {
	return dir.endsWith("/") || dir.endsWith(flavor.separator) ? dir + segment : dir + flavor.separator + segment;
}

/** The parent of a normalised absolute path, or `null` at a root. */
export function parentPath(path: string, flavor: PathFlavor): string | null {
	const parsed = parsePath(path, flavor);
	const segments = foldSegments(parsed);
	if (segments.length === 0) return null;
	return formatPath(parsed.root, segments.slice(0, -1), flavor);
}

/**
 * The path of `path` relative to the directory `dir` (both normalised absolute) when it lies inside it (`.` for the
 * directory itself), else `null`. Comparison folds case and separators on win32.
 */
export function relativeInside(dir: string, path: string, flavor: PathFlavor): string | null {
	const d = flavor.fold(dir);
	const p = flavor.fold(path);
	if (d === p) return ".";
	const prefix = d.endsWith("/") ? d : `${d}/`;
	if (!p.startsWith(prefix)) return null;
	// INVARIANT: folding may change the length of exotic characters; then the folded spelling is returned.
	const rest = p.length === path.length ? path.slice(prefix.length) : p.slice(prefix.length);
	return rest === "" ? "." : rest;
}
