/**
 * A bounded "for this session" grant never lifts a deny and decides exactly while its bound holds: until the next
 * turn, for N minutes by a fake clock, or for N calls (spent as the gate runner spends it, once per call it decides).
 * The expected decision comes from two references: the same grant unbounded (while the bound holds) and no grant
 * at all (after it), so the property does not re-implement matching.
 */
import { POSIX_FLAVOR, type SessionGrantBound, SessionRuleStore } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SessionPolicy } from "../../src/session/session-policy";
import { policyOf } from "../support/engine-fixture";

const ENV = { home: "/home/u", flavor: POSIX_FLAVOR };
const COMMANDS = ["rm x", "rm -rf y", "git push", "git status", "ls", "curl z"] as const;
const PATTERNS = ["rm *", "rm -rf *", "git *", "git push*", "ls", "*", "curl *"] as const;

type Event =
	| { readonly kind: "call"; readonly command: string }
	| { readonly kind: "advance"; readonly ms: number }
	| { readonly kind: "turn" };

const bound: fc.Arbitrary<SessionGrantBound> = fc.oneof(
	fc.constant({ kind: "turn" } as const),
	fc.integer({ min: 1, max: 5 }).map((minutes) => ({ kind: "minutes", minutes }) as const),
	fc.integer({ min: 1, max: 5 }).map((calls) => ({ kind: "calls", calls }) as const),
);

const event: fc.Arbitrary<Event> = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...COMMANDS).map((command) => ({ kind: "call", command }) as const) },
	{
		weight: 2,
		arbitrary: fc
			.oneof(fc.integer({ min: 0, max: 90_000 }), fc.constantFrom(59_999, 60_000, 60_001))
			.map((ms) => ({ kind: "advance", ms }) as const),
	},
	{ weight: 1, arbitrary: fc.constant({ kind: "turn" } as const) },
);

const rules = fc.dictionary(fc.constantFrom(...PATTERNS), fc.constantFrom("allow", "ask", "deny"), { maxKeys: 4 });

describe("a bounded session grant", () => {
	it("never lifts a deny and stops deciding exactly at its bound (turn, time, calls)", () => {
		fc.assert(
			fc.property(
				rules,
				fc.constantFrom(...PATTERNS),
				bound,
				fc.array(event, { maxLength: 30 }),
				(bash, pattern, b, events) => {
					const composed = policyOf({ permission: { bash: { "*": "ask", ...bash } } });
					let now = 1_000_000;
					const store = new SessionRuleStore({ now: () => now });
					const sessions = new SessionPolicy(store, ENV);
					const unbounded = new SessionRuleStore();
					unbounded.add({ surface: "bash", pattern });
					const withGrant = new SessionPolicy(unbounded, ENV);
					store.add({ surface: "bash", pattern, bound: b });
					const grantedAt = now;
					let turnsSince = 0;
					let decided = 0;
					for (const step of events) {
						if (step.kind === "advance") now += step.ms;
						if (step.kind === "turn") {
							store.beginTurn();
							turnsSince++;
						}
						if (step.kind !== "call") continue;
						const live =
							b.kind === "turn"
								? turnsSince === 0
								: b.kind === "minutes"
									? now < grantedAt + b.minutes * 60_000
									: b.kind === "calls"
										? decided < b.calls
										: true;
						const actual = sessions.policyFor(composed).evaluate("bash", step.command);
						const plain = composed.decision.evaluate("bash", step.command);
						const expected = live ? withGrant.policyFor(composed).evaluate("bash", step.command) : plain;
						// SECURITY: what the config denies stays denied, whatever the grant.
						if (plain.state === "deny") expect(actual.state).toBe("deny");
						expect({ state: actual.state, origin: actual.origin }).toEqual({
							state: expected.state,
							origin: expected.origin,
						});
						if (actual.origin === "session" && actual.state === "allow") {
							store.recordUse("bash", pattern);
							decided++;
						}
					}
					// What ended is recorded as expired with its bound's reason, never as revoked.
					for (const { reason } of store.expired()) expect(reason).toBe(b.kind === "minutes" ? "time" : b.kind);
				},
			),
			{ numRuns: 1_000 },
		);
	});
});
