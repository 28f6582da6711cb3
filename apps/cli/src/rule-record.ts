/**
 * Owns: `RuleRecord`, how the CLI's JSON output spells one composed rule (`config show`, and each rule an `explain`
 * trace lists), and its builder, so the two reports name a rule's fields alike.
 * Never: chooses which file a rule names (the caller passes it) or renders text.
 */
import type { PermissionState, Rule, RuleOrigin } from "@pi-permissions/policy";

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
