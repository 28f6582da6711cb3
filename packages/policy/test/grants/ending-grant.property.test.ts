import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PolicyEnvironment } from "../../src/compiled-policy";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import { expiryInstant } from "../../src/config/grant-expiry";
import type { PatternValue, PermissionConfig, SurfaceValue } from "../../src/config/permission-config";
import { configWithGrant, placeGrant } from "../../src/grants/grant-placement";
import type { PermissionState } from "../../src/permission-state";
import { compileWildcard } from "../../src/wildcard";
import { ENV } from "../support/corpus-configs";

/**
 * Grants that end (ADR 0061), with a fake clock. Configs hold rules that end on random days; a grant that ends is
 * placed by `placeGrant` and written. At every instant (each end, a millisecond before and after): the grant never
 * lifts a deny and leaves every ask it does not cover asking (the law holds now and after every end), it decides as
 * the same grant without an end strictly before its end, and from its end on the policy decides as if it were never
 * written.
 */
const RUNS = { numRuns: 1500 };
const DAYS = ["2026-12-02", "2026-12-04", "2026-12-06T12:00Z"] as const;
const word = fc.constantFrom("rm", "git", "-rf", "x", "a.env");
const value = fc.oneof(
	word,
	fc.array(word, { minLength: 0, maxLength: 3 }).map((words) => words.join(" ")),
);
const pattern = fc.oneof(
	value,
	value.map((v) => `${v} *`),
	value.map((v) => `${v}*`),
	value.map((v) => `*${v}`),
	fc.constant("*"),
);
const state = fc.constantFrom<PermissionState>("allow", "ask", "deny");
const ending = fc.constantFrom(...DAYS).map((expires): PatternValue => ({ action: "allow", expires }));
const patternValue: fc.Arbitrary<PatternValue> = fc.oneof(state, state, ending);
const surfaceValue: fc.Arbitrary<SurfaceValue> = fc.oneof(
	{ weight: 1, arbitrary: state },
	{ weight: 4, arbitrary: fc.dictionary(pattern, patternValue, { maxKeys: 6 }) },
);
const config: fc.Arbitrary<PermissionConfig> = fc
	.dictionary(fc.constantFrom("bash", "bash", "*"), surfaceValue, { maxKeys: 2 })
	.map((permission) => ({ permission }));
const scenario = fc.record({
	global: fc.option(config, { nil: null }),
	project: fc.option(config, { nil: null }),
	target: fc.constantFrom<"global" | "project">("global", "project"),
	pattern,
	expires: fc.constantFrom(...DAYS),
	calls: fc.array(value, { minLength: 1, maxLength: 10 }),
});

function scopes(global: PermissionConfig | null, project: PermissionConfig | null): ScopeOutcome[] {
	return [
		global === null ? { scope: "global", status: "absent" } : { scope: "global", status: "valid", config: global },
		project === null ? { scope: "project", status: "absent" } : { scope: "project", status: "valid", config: project },
	];
}

/** Each end, a millisecond before and after it, and a time before every end. */
const INSTANTS = [0, ...DAYS.flatMap((day) => [-1, 0, 1].map((d) => (expiryInstant(day) as number) + d))];

describe("grants that end (property, fake clock, ADR 0061)", () => {
	it("never lift a deny, and decide exactly until their end", () => {
		let written = 0;
		fc.assert(
			fc.property(scenario, ({ global, project, target, pattern: p, expires, calls }) => {
				const grant = { surface: "bash", pattern: p, expires };
				const before = scopes(global, project);
				const placed = placeGrant({ scopes: before, target, grant, values: [], env: ENV });
				if (!placed.ok || placed.value.kind !== "insert") return;
				written++;
				const targetConfig = (target === "global" ? global : project) ?? {};
				const edited = configWithGrant(targetConfig, grant, placed.value);
				const plain = configWithGrant(targetConfig, { surface: "bash", pattern: p }, placed.value);
				const withConfig = (c: PermissionConfig) =>
					scopes(target === "global" ? c : global, target === "project" ? c : project);
				const end = expiryInstant(expires) as number;
				const matcher = compileWildcard(p);
				for (const at of INSTANTS) {
					const env: PolicyEnvironment = { ...ENV, now: () => at };
					const old = composePolicy({ scopes: before, env }).decision;
					const next = composePolicy({ scopes: withConfig(edited), env }).decision;
					const unended = composePolicy({ scopes: withConfig(plain), env }).decision;
					for (const call of calls) {
						const was = old.evaluate("bash", call).state;
						const now = next.evaluate("bash", call).state;
						const facts = JSON.stringify({ at, call, was, now, global, project, target, p, expires });
						if (was === "deny") expect(now, facts).toBe("deny");
						if (was === "ask" && !matcher.test(call)) expect(now, facts).toBe("ask");
						if (at < end) expect(now, facts).toBe(unended.evaluate("bash", call).state);
						else expect(now, facts).toBe(was);
					}
				}
			}),
			RUNS,
		);
		expect(written).toBeGreaterThan(RUNS.numRuns / 10);
	}, 180_000);
});
