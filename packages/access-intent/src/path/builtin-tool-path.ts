/**
 * Owns: the path a path input of Pi's built-in file tools opens, spelled as those tools read it before they touch the
 * disk (Pi 1.6 `resolveToCwd`): Unicode spaces become plain spaces, one leading `@` is dropped, on win32 a Git Bash
 * drive path (`/c/x`, `/mnt/c/x`, `/cygdrive/c/x`) becomes `C:\x`, and a `file://` URL becomes the path it names,
 * percent-decoded. `~` is left to the normalizer, which expands it as Pi does.
 * Never: resolves against a directory or touches the file system; a URL that names no local path is kept as typed
 * (Pi's tool fails on it before opening anything).
 */
import type { PathFlavor } from "@pi-permissions/policy";

/** The spaces Pi's tools turn into a plain space (macOS screenshot names carry them). */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const MSYS_DRIVE_PATH = /^\/(?:mnt\/|cygdrive\/)?([a-z])(?:\/(.*))?$/i;

export function builtinToolPath(raw: string, flavor: PathFlavor): string {
	let path = raw.replace(UNICODE_SPACES, " ");
	if (path.startsWith("@")) path = path.slice(1);
	if (flavor.name === "win32") path = windowsShellPath(path);
	if (!/^file:\/\//.test(path)) return path;
	return fileUrlPath(path, flavor) ?? path;
}

/**
 * The path a `file:` URL names, as Node's `fileURLToPath` reads it (this package keeps `node:` imports at its I/O
 * edges): percent-decoded; on posix only an empty or `localhost` host; on win32 a drive path or a UNC share; an
 * encoded separator, a bad escape or another host names no local path (`null`).
 */
function fileUrlPath(text: string, flavor: PathFlavor): string | null {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return null;
	}
	const encodedSeparator = flavor.name === "win32" ? /%2f|%5c/i : /%2f/i;
	if (url.protocol !== "file:" || encodedSeparator.test(url.pathname)) return null;
	let pathname: string;
	try {
		pathname = decodeURIComponent(url.pathname);
	} catch {
		return null;
	}
	if (flavor.name === "posix") return url.hostname === "" || url.hostname === "localhost" ? pathname : null;
	const windows = pathname.replaceAll("/", "\\");
	if (url.hostname !== "") return `\\\\${url.hostname}${windows}`;
	return /^\\[A-Za-z]:/.test(windows) ? windows.slice(1) : null;
}

function windowsShellPath(path: string): string {
	if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return path;
	const match = MSYS_DRIVE_PATH.exec(path);
	if (match === null) return path;
	const drive = (match[1] as string).toUpperCase();
	return `${drive}:\\${match[2]?.replaceAll("/", "\\") ?? ""}`;
}
