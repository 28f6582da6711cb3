/**
 * Owns: `RuleRecord`, how the CLI's JSON output spells one composed rule (`config show`, and each rule an `explain`
 * trace lists), and its builder, so the two reports name a rule's fields alike.
 * Never: renders text; which file a rule names is the caller's (`originFiles` maps each origin to its file).
 */
import type { ConfigLoadResult } from "@pi-permissions/engine";
import type { ComposedPolicy, PermissionState, Rule, RuleOrigin } from "@pi-permissions/policy";

export interface RuleRecord {
	readonly surface: string;
	readonly pattern: string;
	/** The action the decision uses (after any overlay). */
	readonly action: PermissionState;
	/** The origin the decision uses (an overlay shows here as `fail-closed` or `yolo`). */
	readonly origin: RuleOrigin;
	readonly file: string | null;
	readonly reason: string | null;
}

export function ruleRecord(rule: Rule, file: string | null): RuleRecord {
	return {
		surface: rule.surface,
		pattern: rule.pattern,
		action: rule.action,
		origin: rule.origin,
		file,
		reason: rule.reason ?? null,
	};
}

/** The file each origin's rules were read from: every scope's, and the managed file's (ADR 0060). */
export function originFiles(load: ConfigLoadResult, policy: ComposedPolicy): Map<RuleOrigin, string | null> {
	const files = new Map<RuleOrigin, string | null>(load.reports.map((report) => [report.scope, report.file]));
	if (policy.managed !== null) files.set("managed", policy.managed.file);
	return files;
}
