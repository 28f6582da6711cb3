/**
 * Owns: the runtime guard for a `RuleOrigin` read back from disk or from a query result.
 * Never: defines the vocabulary; `@pi-permissions/policy` owns `RuleOrigin`.
 */
import type { RuleOrigin } from "@pi-permissions/policy";

// INVARIANT: a record keyed by the union, so a new origin in policy fails the build here until it is listed.
const ORIGINS: Readonly<Record<RuleOrigin, true>> = {
	global: true,
	project: true,
	agent: true,
	"project-agent": true,
	builtin: true,
	baseline: true,
	session: true,
	yolo: true,
	"fail-closed": true,
	managed: true,
	"mode:plan": true,
	"mode:accept-edits": true,
	"mode:dont-ask": true,
};

export function isRuleOrigin(value: unknown): value is RuleOrigin {
	return typeof value === "string" && Object.hasOwn(ORIGINS, value);
}
