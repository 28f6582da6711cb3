/**
 * Owns: the written form of a rule's end (`"expires"`, ADR 0061): a UTC date `YYYY-MM-DD` (the rule ends at 00:00 UTC
 * of that day) or a UTC instant `YYYY-MM-DDTHH:MM[:SS]Z`, read as epoch milliseconds.
 * Never: reads a clock; callers compare the instant with theirs.
 */

/** The accepted spellings; the JSON Schema carries the same pattern. */
export const EXPIRY_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?Z)?$/;

/**
 * The instant `text` names, or `null` when it is not one of the accepted spellings or not a real date and time
 * (`2026-02-30` and `T24:00Z` are refused rather than rolled over by `Date`).
 */
export function expiryInstant(text: string): number | null {
	if (!EXPIRY_PATTERN.test(text)) return null;
	const [date = "", time = "00:00:00Z"] = text.split("T");
	const [year, month, day] = date.split("-").map(Number) as [number, number, number];
	const [hours, minutes, seconds = 0] = time.slice(0, -1).split(":").map(Number) as [number, number, number?];
	const instant = Date.UTC(year, month - 1, day, hours, minutes, seconds);
	const back = new Date(instant);
	const exact =
		back.getUTCFullYear() === year &&
		back.getUTCMonth() === month - 1 &&
		back.getUTCDate() === day &&
		back.getUTCHours() === hours &&
		back.getUTCMinutes() === minutes &&
		back.getUTCSeconds() === seconds;
	return exact ? instant : null;
}

/** The instant a validated ending rule stops deciding; a spelling validation let through cannot fail here. */
export function endOf(value: { readonly expires: string }): number {
	// SECURITY: were it ever unreadable, the rule ends at once (it never decides) rather than never.
	return expiryInstant(value.expires) ?? 0;
}
