/**
 * Owns: a concrete value of one wildcard pattern, for the example call of a finding about that pattern (ADR 0035).
 * Never: relates two patterns; whether one covers or overlaps another is `@pi-permissions/policy`'s exact answer.
 */

/** A concrete value of a pattern: each `*` and `?` replaced by `fill` (a `?` needs one character). */
export function sample(pattern: string, fill: string): string {
	return pattern.replaceAll("*", fill).replaceAll("?", fill === "" ? "x" : fill.slice(0, 1));
}
