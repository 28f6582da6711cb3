/**
 * Owns: what a persisted grant's end means to a person (ADR 0061): reading `--expires <duration|date>` into the
 * written form, and saying what remains (`until 2026-12-31 (23 days left)`) or that it ended (`expired 2026-12-31`).
 * Never: reads a clock; the caller passes the instant it has.
 */
import { err, expiryInstant, ok, type Result } from "@pi-permissions/policy";

/** A duration's unit and its length in milliseconds: `30m`, `12h`, `7d`, `2w`. */
const DURATION_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

type GrantEndError =
	| { readonly kind: "unreadable"; readonly text: string }
	| { readonly kind: "past"; readonly expires: string };

/**
 * The written end of `--expires <text>` at `now`: a date or UTC instant as written, or a duration from now as a UTC
 * instant to the minute (rounded down, so the grant never outlasts what was asked). An end not after `now` is refused.
 */
export function grantEndFromOption(text: string, now: number): Result<string, GrantEndError> {
	const duration = /^(\d{1,6})([mhdw])$/.exec(text);
	if (duration !== null) {
		const length = Number(duration[1]) * (DURATION_UNITS[duration[2] as string] as number);
		if (length === 0) return err({ kind: "past", expires: text });
		const end = Math.floor((now + length) / 60_000) * 60_000;
		return ok(`${new Date(end).toISOString().slice(0, 16)}Z`);
	}
	const instant = expiryInstant(text);
	if (instant === null) return err({ kind: "unreadable", text });
	return instant > now ? ok(text) : err({ kind: "past", expires: text });
}

export function grantEndErrorText(error: GrantEndError): string {
	switch (error.kind) {
		case "unreadable":
			return `--expires ${JSON.stringify(error.text)} is neither a duration (30m, 12h, 7d, 2w) nor a UTC date (2026-12-31) or instant (2026-12-31T18:00Z)`;
		case "past":
			return `--expires ${JSON.stringify(error.expires)} has already passed; a grant must end after now`;
		default: {
			const unhandled: never = error;
			throw new Error(`unhandled grant end error ${String(unhandled)}`);
		}
	}
}

/** Whether a grant with this written end has ended at `now` (it never decides from its end on). */
export function grantEnded(expires: string | null, now: number): boolean {
	if (expires === null) return false;
	// SECURITY: an unreadable end counts as ended, as the policy treats it.
	return now >= (expiryInstant(expires) ?? 0);
}

/** `until 2026-12-31 00:00 UTC (23 days left)`, `expired 2026-12-31 00:00 UTC`, or `` for a grant without an end. */
export function grantEndText(expires: string | null, now: number): string {
	if (expires === null) return "";
	const end = expiryInstant(expires) ?? 0;
	const when = `${new Date(end).toISOString().slice(0, 16).replace("T", " ")} UTC`;
	if (now >= end) return `expired ${when}`;
	return `until ${when} (${remaining(end - now)} left)`;
}

function remaining(ms: number): string {
	const minutes = Math.ceil(ms / 60_000);
	if (minutes < 120) return plural(minutes, "minute");
	const hours = Math.floor(minutes / 60);
	if (hours < 48) return plural(hours, "hour");
	return plural(Math.floor(hours / 24), "day");
}

function plural(count: number, unit: string): string {
	return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
