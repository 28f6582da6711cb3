/**
 * Owns: the warnings a user must see when a session starts: a project config skipped because the project is not
 * trusted, every config error (file, line, fix), and the composition's notices (an invalid scope's fail-closed
 * consequence, a permissive top-level `"*": "allow"` that bash inherits).
 * Never: decides anything or shows anything; the `session_start` handler shows the lines.
 */
import { type ConfigLoadResult, formatConfigLoadIssue } from "@pi-permissions/engine";
import type { ComposedPolicy } from "@pi-permissions/policy";

const PREFIX = "pi-permissions:";

export function startupWarnings(config: ConfigLoadResult, policy: ComposedPolicy): string[] {
	const lines: string[] = [];
	for (const notice of config.notices) lines.push(`${PREFIX} ${notice.message} (${notice.file})`);
	for (const issue of config.issues) {
		if (issue.severity === "error") lines.push(`${PREFIX} ${formatConfigLoadIssue(issue)}`);
	}
	for (const notice of policy.notices) lines.push(`${PREFIX} ${notice.message}`);
	return lines;
}
