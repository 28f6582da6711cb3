/**
 * Owns: the vocabulary of nesting labels a unit carries (`CommandUnit.nesting`), one literal union per source of
 * labels, and which inner label the source text gives a compound statement (`((…))`, `until`, `select`).
 * Never: decides what a label means for directories or rules; `path-candidates.ts` and `directory-change.ts` do.
 */

/** The label a compound statement's node type gives its inner units (`COMPOUND_LABELS`). */
export type CompoundLabel = "subshell" | "brace_group" | "if" | "while" | "for" | "case" | "function" | "negation";

/** A compound's label as its text refines it: `((…))` is arithmetic, `until` and `select` are their own loops. */
type InnerCompoundLabel = CompoundLabel | "arithmetic" | "until" | "select";

/** A prefix blanked by a repair and re-parsed (`misparse-guards.ts`): its compound is nested under it. */
type PrefixLabel = "time" | "negation" | "coproc";

/** Control labels: the unit's effect may not reach later units (`control-labels.ts`, ADR 0005). */
export type ControlLabel = "pipeline" | "background" | "conditional" | "and_then";

/** Text that runs apart from the statement around it: a substitution, a wrapper's payload or executed command. */
type RunLabel = "command_substitution" | "process_substitution" | "payload" | "wrapper";

export type NestingLabel = InnerCompoundLabel | PrefixLabel | ControlLabel | RunLabel;

/** The label of the units inside the compound at `start`, read from its node type's label and its opening text. */
export function innerCompoundLabel(label: CompoundLabel, source: string, start: number): InnerCompoundLabel {
	switch (label) {
		case "brace_group":
			// tree-sitter-bash reads `((…))` as a compound statement.
			return source.startsWith("((", start) ? "arithmetic" : label;
		case "while":
			return source.startsWith("until", start) ? "until" : label;
		case "for":
			return source.startsWith("select", start) ? "select" : label;
		case "subshell":
		case "if":
		case "case":
		case "function":
		case "negation":
			return label;
		default: {
			const unhandled: never = label;
			throw new Error(`unhandled compound label ${String(unhandled)}`);
		}
	}
}
