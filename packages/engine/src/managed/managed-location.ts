/**
 * Owns: where the system managed policy file lives on each platform (ADR 0055, ADR 0060): the one table both
 * composition roots (Pi's factory, the CLI's main) read with the platform they were started on.
 * Never: reads the platform, the environment or the disk; no variable moves the location (a user who could point it
 * elsewhere could lift the policy their administrator set).
 */

/** The managed file per platform (`process.platform` names); a platform not listed has no managed location. */
const MANAGED_LOCATIONS: Readonly<Record<string, string>> = {
	linux: "/etc/pi-permissions/managed.json",
	darwin: "/Library/Application Support/pi-permissions/managed.json",
	freebsd: "/etc/pi-permissions/managed.json",
	openbsd: "/etc/pi-permissions/managed.json",
};

/** The system managed file for `platform`; `null` where there is none (Windows: not supported yet). */
export function systemManagedPolicyFile(platform: string): string | null {
	return Object.hasOwn(MANAGED_LOCATIONS, platform) ? (MANAGED_LOCATIONS[platform] ?? null) : null;
}
