/**
 * Owns: how a Git Bash / MSYS shell token names a win32 location: devices, `/c/…` drive mounts, other posix absolutes.
 * Never: guesses where an unmapped posix absolute (`/etc/hosts`, `/tmp`) lives; it reports the shape only.
 */
import { SAFE_DEVICES } from "./safe-devices";

type MsysTokenShape =
	| { readonly kind: "device"; readonly path: string }
	| { readonly kind: "drive-mount"; readonly windowsPath: string }
	| { readonly kind: "unmapped-posix-absolute" }
	| { readonly kind: "plain" };

const DRIVE_MOUNT = /^\/([A-Za-z])(?:\/(.*))?$/;

/** Classifies a token (already home-expanded) as bash running on win32 would read it. */
export function classifyMsysToken(token: string): MsysTokenShape {
	if (!token.startsWith("/") || token.startsWith("//")) return { kind: "plain" };
	if (SAFE_DEVICES.includes(token)) return { kind: "device", path: token };
	const mount = DRIVE_MOUNT.exec(token);
	if (mount) {
		const rest = (mount[2] ?? "").replaceAll("/", "\\");
		return { kind: "drive-mount", windowsPath: `${(mount[1] ?? "").toUpperCase()}:\\${rest}` };
	}
	return { kind: "unmapped-posix-absolute" };
}
