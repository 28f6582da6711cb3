import type { ConfigLoadResult, ScopeReport } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { startNotice } from "../src/start-notice";

function loaded(reports: readonly ScopeReport[]): ConfigLoadResult {
	return { scopes: [], reports, issues: [], notices: [] };
}

const ABSENT: readonly ScopeReport[] = [
	{ scope: "global", file: "/a/config.json", status: "absent" },
	{ scope: "project", file: "/p/config.json", status: "absent" },
	{ scope: "agent", file: null, status: "absent" },
	{ scope: "project-agent", file: null, status: "absent" },
];

describe("startNotice (issue 34)", () => {
	it("says pi-permissions is active and suggests `pi-permissions init` when no config file exists", () => {
		expect(startNotice(loaded(ABSENT))).toBe(
			"pi-permissions: active with no config file, so every tool call is asked; run `pi-permissions init` to write the recommended policy",
		);
	});

	it("counts a skipped project file as no config (its own warning says why)", () => {
		const skipped = ABSENT.map((report) =>
			report.scope === "project" ? { ...report, status: "skipped" as const } : report,
		);
		expect(startNotice(loaded(skipped))).toContain("run `pi-permissions init`");
	});

	it("names the files the policy comes from, a broken one included", () => {
		const reports = ABSENT.map((report) => {
			if (report.scope === "global") return { ...report, status: "valid" as const };
			if (report.scope === "project") return { ...report, status: "invalid" as const };
			return report;
		});
		expect(startNotice(loaded(reports))).toBe(
			"pi-permissions: active, policy from global /a/config.json, project /p/config.json",
		);
	});
});
