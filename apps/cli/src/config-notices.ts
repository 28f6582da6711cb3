/**
 * Owns: the one-line warnings a decision command prints to stderr about the config it decided with (load issues,
 * untrusted or invalid scopes, fail-closed and permissive notices), so a surprising verdict is never silent.
 * Also the error of a `--mode` the config does not allow.
 * Never: changes a decision.
 */
import { formatConfigLoadIssue } from "@pi-permissions/engine";
import type { LoadedPolicy } from "./cli-engine";
import type { PolicySetup } from "./config-options";

export function configNoticeLines(loaded: LoadedPolicy): string[] {
	return [
		...loaded.load.issues.map(formatConfigLoadIssue),
		...loaded.load.notices.map((notice) => `${notice.file}: notice: ${notice.message}`),
		...loaded.policy.notices.map((notice) => `notice: ${notice.message}`),
	];
}

/**
 * The error when `--mode` names a mode the config refuses (not in `allowedModes`, yolo disabled, `auto` without an
 * authorizer link); `null` when the mode is in force. A check must never quietly answer for another mode.
 */
export function refusedModeText(setup: PolicySetup, loaded: LoadedPolicy): string | null {
	if (setup.mode === undefined || loaded.policy.mode === setup.mode) return null;
	const why = loaded.policy.modes.refusal ?? `mode \`${setup.mode}\` is not allowed`;
	return `pi-permissions: --mode ${setup.mode}: ${why}`;
}
