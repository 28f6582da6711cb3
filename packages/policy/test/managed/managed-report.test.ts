import { describe, expect, it } from "vitest";
import { managedReportLines } from "../../src/managed/managed-report";

const SHA = "a".repeat(64);

describe("managedReportLines", () => {
	it("says there is no managed file", () => {
		expect(managedReportLines(null)).toEqual(["managed: none"]);
	});

	it("names a trusted file, its sha256 and the keys in force", () => {
		const lines = managedReportLines({
			file: "/etc/pi-permissions/managed.json",
			status: "trusted",
			sha256: SHA,
			keys: ["permission", "disableYolo"],
			problem: null,
		});
		expect(lines).toEqual([
			`managed: /etc/pi-permissions/managed.json (in force, sha256 ${SHA})`,
			"managed keys in force: permission, disableYolo",
		]);
	});

	it("says a trusted file without keys holds none", () => {
		const lines = managedReportLines({ file: "/m.json", status: "trusted", sha256: SHA, keys: [], problem: null });
		expect(lines[1]).toBe("managed keys in force: none");
	});

	it("says a refused file is not read and every call is asked", () => {
		const lines = managedReportLines({
			file: "/m.json",
			status: "refused",
			sha256: null,
			keys: [],
			problem: "/m.json is not owned by root (fix: sudo chown root /m.json)",
		});
		expect(lines).toEqual([
			"managed: /m.json REFUSED: /m.json is not owned by root (fix: sudo chown root /m.json); every call is asked until it is fixed",
		]);
	});

	it("says an invalid file keeps its denies, with its sha256", () => {
		const lines = managedReportLines({ file: "/m.json", status: "invalid", sha256: SHA, keys: [], problem: "bad" });
		expect(lines).toEqual([
			`managed: /m.json INVALID (sha256 ${SHA}): bad; its denies apply and every other call is asked`,
		]);
	});
});
