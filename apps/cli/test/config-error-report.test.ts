import type { ConfigLoadResult } from "@pi-permissions/engine";
import { describe, expect, it } from "vitest";
import { configErrorCount, configErrorSummary, configIssueLines } from "../src/config-error-report";

function load(
	statuses: Record<string, "valid" | "invalid" | "absent">,
	errors: number,
	warnings = 0,
): ConfigLoadResult {
	const issue = (severity: "error" | "warning", n: number) => ({
		severity,
		scope: "global" as const,
		file: "/h/config.json",
		line: n,
		column: 1,
		keyPath: ["permission", "write"],
		message: `bad value ${n}`,
		hint: "use `allow`, `ask` or `deny`",
	});
	return {
		scopes: [],
		reports: Object.entries(statuses).map(([scope, status]) => ({ scope, status, file: `/${scope}.json` })),
		issues: [
			...Array.from({ length: errors }, (_, n) => issue("error", n + 1)),
			...Array.from({ length: warnings }, (_, n) => issue("warning", n + 10)),
		],
		notices: [],
	} as unknown as ConfigLoadResult;
}

describe("config error report", () => {
	it("counts only errors", () => {
		expect(configErrorCount(load({ global: "invalid" }, 2, 3))).toBe(2);
	});

	it("prints one line per issue, warnings included", () => {
		expect(
			configIssueLines(load({ global: "invalid" }, 1, 1))
				.split("\n")
				.filter(Boolean),
		).toHaveLength(2);
	});

	it.each([
		[{ global: "invalid" }, 1, "1 error(s): your global config is invalid, so allow rules are asked"],
		[
			{ global: "invalid", project: "invalid" },
			3,
			"3 error(s): your global and project configs are invalid, so allow rules are asked",
		],
		[{ global: "valid" }, 1, "1 error(s): a config file is invalid, so allow rules are asked"],
	] as const)("words the summary for the scopes that are invalid (%j)", (statuses, errors, summary) => {
		expect(configErrorSummary(load(statuses, errors))).toBe(summary);
	});
});
