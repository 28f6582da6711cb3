/**
 * Owns: the Pi extension factory (the package's default export), and the tiny accessor and types other extensions use
 * to reach the published service.
 * Never: does I/O or starts anything; work begins at `session_start`.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { createPermissionsExtension } from "./create-permissions-extension";
import { readHostEnvironment } from "./host-environment";

export default function piPermissions(pi: ExtensionAPI): void {
	createPermissionsExtension(readHostEnvironment())(pi);
}

export type { Readiness } from "./readiness";
export { checkReadiness } from "./readiness";
// The service module owns the cross-extension vocabulary (ADR 0043 point 6): every name it exports is public, so it is
// re-exported whole rather than listed a second time here.
export * from "./service/permissions-service";
export type { PermissionsServiceRegistry } from "./service/service-registry";
export { getPermissionsService } from "./service/service-registry";
