/**
 * Owns: the Pi extension factory (the package's default export): it reads the host once and registers the handlers.
 * Never: does I/O or starts anything; work begins at `session_start`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { createPermissionsExtension } from "./create-permissions-extension";
import { readHostEnvironment } from "./host-environment";

export default function piPermissions(pi: ExtensionAPI): void {
	createPermissionsExtension(readHostEnvironment())(pi);
}
