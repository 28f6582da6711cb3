/**
 * Owns: the one-line warnings a decision command prints to stderr about the config it decided with (load issues,
 * untrusted or invalid scopes, fail-closed and permissive notices), so a surprising verdict is never silent.
 * Never: changes a decision.
 */
import { formatConfigLoadIssue } from "@pi-permissions/engine";
import type { LoadedPolicy } from "./cli-engine";

export function configNoticeLines(loaded: LoadedPolicy): string[] {
	return [
		...loaded.load.issues.map(formatConfigLoadIssue),
		...loaded.load.notices.map((notice) => `${notice.file}: notice: ${notice.message}`),
		...loaded.policy.notices.map((notice) => `notice: ${notice.message}`),
	];
}
