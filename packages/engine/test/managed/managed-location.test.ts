import { describe, expect, it } from "vitest";
import { systemManagedPolicyFile } from "../../src/managed/managed-location";

describe("systemManagedPolicyFile", () => {
	it.each([
		["linux", "/etc/pi-permissions/managed.json"],
		["darwin", "/Library/Application Support/pi-permissions/managed.json"],
		["freebsd", "/etc/pi-permissions/managed.json"],
		["openbsd", "/etc/pi-permissions/managed.json"],
	])("%s reads %s", (platform, file) => {
		expect(systemManagedPolicyFile(platform)).toBe(file);
	});

	it.each(["win32", "aix", "toString", "__proto__", ""])("%j has no managed location", (platform) => {
		expect(systemManagedPolicyFile(platform)).toBeNull();
	});
});
