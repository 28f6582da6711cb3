/**
 * Owns: `SessionGrantBound`, when a "for this session" grant stops deciding (the session's end, this turn, N minutes,
 * N calls), and `ExpiredGrant`, the record of one that reached its bound.
 * Never: keeps time or counts; `SessionRuleStore` applies a bound with its injected clock.
 */

export type SessionGrantBound =
	/** until the session ends (or the grant is revoked) */
	| { readonly kind: "session" }
	/** until the person's next prompt: the store's next `beginTurn()` */
	| { readonly kind: "turn" }
	/** for this many minutes from the grant, by the store's clock */
	| { readonly kind: "minutes"; readonly minutes: number }
	/** for this many calls it decides */
	| { readonly kind: "calls"; readonly calls: number };

/** Why a grant stopped deciding by itself: its bound (an expired grant is recorded, never called revoked). */
export type ExpiryReason = "turn" | "time" | "calls";

/** A bound as the dialog and `/permissions grants` say it: `for this turn`, `for 15 minutes`, `for 3 calls`. */
export function boundText(bound: SessionGrantBound): string {
	switch (bound.kind) {
		case "session":
			return "for this session";
		case "turn":
			return "for this turn";
		case "minutes":
			return `for ${bound.minutes} minute${bound.minutes === 1 ? "" : "s"}`;
		case "calls":
			return `for ${bound.calls} call${bound.calls === 1 ? "" : "s"}`;
		default: {
			const unhandled: never = bound;
			throw new Error(`unhandled bound ${String(unhandled)}`);
		}
	}
}

/** Whether a bound can be granted: minutes and calls must be positive whole numbers. */
export function isValidBound(bound: SessionGrantBound): boolean {
	switch (bound.kind) {
		case "session":
		case "turn":
			return true;
		case "minutes":
			return Number.isSafeInteger(bound.minutes) && bound.minutes > 0;
		case "calls":
			return Number.isSafeInteger(bound.calls) && bound.calls > 0;
		default: {
			const unhandled: never = bound;
			throw new Error(`unhandled bound ${String(unhandled)}`);
		}
	}
}
