/**
 * Owns: what `explain` shows of one bash unit's spellings (ADR 0053): its canonical spelling, its words without the
 * options that change no effect, and which spelling the deciding rule matched (as written, without inert options,
 * canonical, or by meaning), with that rule's pattern.
 * Never: decides; it asks the same matching the bash check uses (`unitSpelledMatch`), over the composed policy the
 * call was decided under.
 */
import { type CommandUnit, isShellOnly, unitSpelling } from "@pi-permissions/access-intent";
import type { ComposedPolicy } from "@pi-permissions/policy";
import { unitSpelledMatch } from "./bash-command-check";
import type { MatchedSpelling } from "./spelling-match";

export interface UnitSpellingTrace {
	/** The canonical spelling (`rm -f -r build` for `rm -Rf build`), or `null` when the program has no known grammar. */
	readonly canonical: string | null;
	/** The words without options that change no effect (`git log -3`), or `null` when there are none to leave out. */
	readonly withoutInert: string | null;
	/** The spelling the deciding rule matched. */
	readonly matched: MatchedSpelling;
	/** The deciding rule's pattern, or `null` for a built-in decision. */
	readonly pattern: string | null;
	/** A builtin that changes nothing outside the shell: the shell model decides it unless a rule names it. */
	readonly shellOnly: boolean;
}

/** The spellings of `unit` and the one its deciding rule matched under `policy`. */
export function unitSpellingTrace(policy: ComposedPolicy, unit: CommandUnit): UnitSpellingTrace {
	const spelling = unitSpelling(unit);
	const { match, spelling: matched } = unitSpelledMatch(unit, policy.decision);
	return {
		canonical: spelling?.canonical.text ?? null,
		withoutInert: spelling?.withoutInert ?? null,
		matched,
		pattern: match.matchedPattern,
		shellOnly: isShellOnly(unit),
	};
}
