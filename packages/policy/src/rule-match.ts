/**
 * Owns: `RuleMatch`, the outcome of evaluating one surface and value against a policy.
 * Never: carries presentation text; renderers build that from these facts.
 */
import type { PermissionState } from "./permission-state";
import type { Rule, RuleOrigin } from "./rule";

export interface RuleMatch {
	readonly state: PermissionState;
	/** The rule that decided; `null` only for an empty policy with no universal default. */
	readonly rule: Rule | null;
	/**
	 * The pattern on the evaluated surface that decided, or `null` when the decision came from the universal default
	 * (`"*"` surface), the built-in fallback or the MCP discovery baseline.
	 */
	readonly matchedPattern: string | null;
	readonly origin: RuleOrigin;
	/** The operator's deny reason, when the deciding rule has one. */
	readonly reason: string | null;
	/** Which of the evaluated values (alias or candidate) the deciding rule matched. */
	readonly matchedValue: string;
}
