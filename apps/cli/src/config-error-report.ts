/**
 * Owns: how a config that does not load cleanly is reported, the same for `config validate` and `test`: one line per
 * issue (file, line, column, key path, fix) and a summary that says what the errors do to the policy.
 * Never: loads or decides anything; it words the loader's issues.
 */
import { type ConfigLoadResult, formatConfigLoadIssue } from "@pi-permissions/engine";

/** The number of issues that are errors: any makes the config invalid (Pi runs it fail-closed). */
export function configErrorCount(load: ConfigLoadResult): number {
	return load.issues.filter((issue) => issue.severity === "error").length;
}

/** One line per issue, warnings included, as the loader found them. */
export function configIssueLines(load: ConfigLoadResult): string {
	return load.issues.map((issue) => `${formatConfigLoadIssue(issue)}\n`).join("");
}

/**
 * What the errors do, worded for the scopes they are in (the global one included: ADR 0021 floors it like the rest):
 * "2 error(s): your global config is invalid, so allow rules are asked".
 */
export function configErrorSummary(load: ConfigLoadResult): string {
	const invalid = load.reports.filter((report) => report.status === "invalid").map((report) => report.scope);
	const errors = configErrorCount(load);
	if (invalid.length === 0) return `${errors} error(s): a config file is invalid, so allow rules are asked`;
	const one = invalid.length === 1;
	return `${errors} error(s): your ${invalid.join(" and ")} ${one ? "config is" : "configs are"} invalid, so allow rules are asked`;
}
