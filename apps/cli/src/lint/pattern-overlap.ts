/**
 * Owns: the relations between two wildcard patterns the lint reads its findings from: whether one covers the other,
 * a value both match, and a concrete value of a pattern (ADR 0035).
 * Never: decides a call or reads a policy; these are questions about pattern text alone.
 */
import { compileWildcard, isCatchAll } from "@pi-permissions/policy";

/** Whether every value `earlier` matches is matched by `later` too (a sound approximation; see ADR 0035). */
export function covers(later: string, earlier: string): boolean {
	if (later === earlier || isCatchAll(later)) return true;
	// `?` in `later` would match a wildcard character of `earlier` literally, which proves nothing.
	if (later.includes("?") && /[*?]/.test(earlier)) return false;
	const matcher = compileWildcard(later);
	if (!matcher.test(earlier)) return false;
	return !earlier.endsWith(" *") || matcher.test(earlier.slice(0, -2));
}

/** A value both patterns match, or `null` when the simple candidates find none. */
export function overlapSample(a: string, b: string): string | null {
	const first = compileWildcard(a);
	const second = compileWildcard(b);
	const candidates = [
		sample(a, "x"),
		sample(b, "x"),
		sample(a, ""),
		sample(b, ""),
		sample(a, sample(b, "x")),
		sample(b, sample(a, "x")),
	];
	return candidates.find((value) => first.test(value) && second.test(value)) ?? null;
}

/** A concrete value of a pattern: each `*` and `?` replaced by `fill` (a `?` needs one character). */
export function sample(pattern: string, fill: string): string {
	return pattern.replaceAll("*", fill).replaceAll("?", fill === "" ? "x" : fill.slice(0, 1));
}
