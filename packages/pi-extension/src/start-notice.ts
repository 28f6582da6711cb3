/**
 * Owns: the one line a session start shows so the person knows pi-permissions is active: the config files its policy
 * comes from, or, with no config file at all, that every tool call is asked and `pi-permissions init` writes the
 * recommended policy (issue 34).
 * Never: warns (broken or skipped files have their own warnings) or shows anything itself.
 */
import type { ConfigLoadResult } from "@pi-permissions/engine";

/** The line for the config a session opened with. */
export function startNotice(config: ConfigLoadResult): string {
	const files = config.reports
		.filter((report) => report.file !== null && (report.status === "valid" || report.status === "invalid"))
		.map((report) => `${report.scope} ${report.file}`);
	if (files.length === 0) {
		return "pi-permissions: active with no config file, so every tool call is asked; run `pi-permissions init` to write the recommended policy";
	}
	return `pi-permissions: active, policy from ${files.join(", ")}`;
}
