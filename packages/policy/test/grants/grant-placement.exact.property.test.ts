import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompiledPolicy } from "../../src/compiled-policy";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import type { PatternValue, PermissionConfig, SurfaceValue } from "../../src/config/permission-config";
import { configWithGrant, type GrantPlacement, placeGrant } from "../../src/grants/grant-placement";
import type { PermissionState } from "../../src/permission-state";
import type { Rule } from "../../src/rule";
import type { RuleMatch } from "../../src/rule-match";
import { compileWildcard } from "../../src/wildcard";
import { ENV } from "../support/corpus-configs";

/**
 * ADR 0050: placement accepts exactly when some place in the target's object makes the placed rule change only the
 * asked value's decision. "Changes only", over every value: the decision after the edit equals the one before,
 * except for values the grant covers that were asked about (those may become allowed); a denied value never changes;
 * and the grant itself decides the asked value (with no asked value: some value).
 *
 * "Every value" is checked exhaustively: patterns are short strings over `a`, `b`, space, `*`, `?`, so every
 * distinction they draw shows in the strings of up to six characters over `a`, `b`, space and one other character
 * (`pattern-witness.test.ts` checks that bound); one value per set of matching patterns stands for the rest. Path
 * surfaces are also checked on every pair of such values taken as two spellings of one path.
 */
const RUNS = { numRuns: 1500 };
const UNIVERSE = strings("ab c", 6);

const pattern: fc.Arbitrary<string> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc
			.array(fc.constantFrom("a", "b", " ", "*", "?"), { minLength: 1, maxLength: 3 })
			.map((c) => c.join("")),
	},
	{
		weight: 2,
		arbitrary: fc.array(fc.constantFrom("a", "b"), { minLength: 1, maxLength: 2 }).map((c) => `${c.join("")} *`),
	},
	{ weight: 1, arbitrary: fc.constant("*") },
);
const state = fc.constantFrom<PermissionState>("allow", "ask", "deny");
const patternValue: fc.Arbitrary<PatternValue> = fc.oneof(
	state,
	state,
	fc.constant({ action: "deny", reason: "no" } as const),
);
const surfaceValue: fc.Arbitrary<SurfaceValue> = fc.oneof(
	{ weight: 1, arbitrary: state },
	{ weight: 3, arbitrary: fc.dictionary(pattern, patternValue, { maxKeys: 4 }) },
);

type Kind = "one" | "aliases" | "candidates";
const SURFACES: readonly (readonly [string, Kind])[] = [
	["bash", "one"],
	["read", "aliases"],
	["mcp", "candidates"],
];
const configFor = (surface: string): fc.Arbitrary<PermissionConfig> =>
	fc
		.dictionary(fc.constantFrom(surface, surface, "*", "other"), surfaceValue, { maxKeys: 3 })
		.map((p) => ({ permission: p }));

const scenario = fc.constantFrom(...SURFACES).chain(([surface, kind]) =>
	fc.record({
		surface: fc.constant(surface),
		kind: fc.constant(kind),
		global: fc.option(configFor(surface), { nil: null }),
		project: fc.option(configFor(surface), { nil: null }),
		target: fc.constantFrom<"global" | "project">("global", "project"),
		grant: pattern,
		asked: fc.option(
			fc.array(fc.constantFrom("a", "b", " "), { maxLength: 4 }).map((c) => c.join("")),
			{ nil: undefined },
		),
		/** The caller may list scopes in any order; placement composes them in precedence order. */
		reversed: fc.boolean(),
	}),
);
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

describe("placeGrant: accepts exactly when the placed rule changes only the asked value's decision (ADR 0050)", () => {
	it("agrees with an exhaustive check of every place", () => {
		const outcomes = { written: 0, liftsDeny: 0, shadowed: 0, changes: 0 };
		fc.assert(
			fc.property(scenario, (s) => {
				const before = scopes(s.global, s.project);
				const placed = placeGrant({
					scopes: s.reversed ? [...before].reverse() : before,
					target: s.target,
					grant: { surface: s.surface, pattern: s.grant },
					values: s.asked === undefined ? [] : [s.asked],
					env: ENV,
				});
				const targetConfig = (s.target === "global" ? s.global : s.project) ?? {};
				const current = targetConfig.permission?.[s.surface];
				const form = current === undefined ? "missing" : typeof current === "string" ? "string" : "object";
				const entries = current === undefined ? 0 : typeof current === "string" ? 1 : Object.keys(current).length;
				// The target already holds the pattern (a plain action is `{"*": action}`): present or pattern-taken, no insertion.
				if (typeof current === "object" ? Object.hasOwn(current, s.grant) : current !== undefined && s.grant === "*")
					return;
				const oracle = new Oracle(s, before);
				const places: number[] = [];
				for (let index = form === "string" ? 1 : 0; index <= entries; index++) places.push(index);
				if (placed.ok) {
					const placement = placed.value as Extract<GrantPlacement, { kind: "insert" }>;
					expect(placement.kind).toBe("insert");
					expect(oracle.lawfulAt(targetConfig, placement), JSON.stringify({ s, placement })).toBe(true);
					outcomes.written++;
					return;
				}
				const conflict = placed.error;
				if (conflict.kind === "uneven-candidates") return; // a guard that may refuse a lawful MCP grant (ADR 0032)
				expect(["lifts-deny", "shadowed", "changes"], JSON.stringify({ s, conflict })).toContain(conflict.kind);
				for (const index of places) {
					const placement = { kind: "insert", form, index } as const;
					expect(oracle.lawfulAt(targetConfig, placement), JSON.stringify({ s, conflict, index })).toBe(false);
				}
				// A refusal names the real rule and a value that shows it, at the earliest place.
				const earliest = { kind: "insert", form, index: places[0] ?? 0 } as const;
				if (conflict.kind === "lifts-deny") {
					outcomes.liftsDeny++;
					oracle.expectChanged(targetConfig, earliest, conflict.example, conflict.rule, null);
				} else if (conflict.kind === "changes") {
					outcomes.changes++;
					oracle.expectChanged(targetConfig, earliest, conflict.example, conflict.over, conflict.rule);
				} else outcomes.shadowed++;
			}),
			RUNS,
		);
		// Each outcome is common enough that the law is tested both ways.
		expect(outcomes.written).toBeGreaterThan(RUNS.numRuns / 10);
		expect(outcomes.liftsDeny).toBeGreaterThan(RUNS.numRuns / 20);
		expect(outcomes.shadowed).toBeGreaterThan(RUNS.numRuns / 50);
	}, 300_000);
});

class Oracle {
	private readonly old: CompiledPolicy;
	/** One value per set of the scenario's patterns that match it, plus the asked value. */
	private readonly values: readonly string[];
	private readonly covers: (value: string) => boolean;

	constructor(
		private readonly s: Scenario,
		before: readonly ScopeOutcome[],
	) {
		this.old = composePolicy({ scopes: before, env: ENV }).decision;
		const patterns = [s.grant, ...patternsOf(s.global, s.surface), ...patternsOf(s.project, s.surface)].map(
			compileWildcard,
		);
		const seen = new Map<string, string>();
		for (const value of UNIVERSE) {
			const signature = patterns.map((m) => (m.test(value) ? "1" : "0")).join("");
			if (!seen.has(signature)) seen.set(signature, value);
		}
		const asked = this.asked();
		this.values = [...new Set([...seen.values(), ...(asked === null ? [] : [asked])])];
		const grant = compileWildcard(s.grant);
		this.covers = (value) => grant.test(value);
	}

	lawfulAt(targetConfig: PermissionConfig, placement: GrantPlacement): boolean {
		const next = this.after(targetConfig, placement);
		// Decided by the grant's line (or a higher scope's line with its pattern, which the grant joins), allowing.
		const grantRule = (match: RuleMatch) =>
			match.state === "allow" && match.rule?.surface === this.s.surface && match.rule.pattern === this.s.grant;
		const calls: string[][] =
			this.s.kind === "aliases"
				? [...this.values.map((v) => [v]), ...this.values.flatMap((a) => this.values.map((b) => [a, b]))]
				: this.values.map((v) => [v]);
		for (const call of calls) {
			const was = decide(this.old, this.s.surface, this.s.kind, call);
			const now = decide(next, this.s.surface, this.s.kind, call);
			if (was.state === now.state) continue;
			if (!(was.state === "ask" && now.state === "allow" && call.some(this.covers))) return false;
		}
		const asked = this.asked();
		if (asked !== null) return grantRule(next.evaluate(this.s.surface, asked));
		return this.values.some((value) => grantRule(next.evaluate(this.s.surface, value)));
	}

	/** The value asked about: the call's, or (as `grants add` has none) the one the pattern names literally. */
	private asked(): string | null {
		if (this.s.asked !== undefined) return this.s.asked;
		const bare = this.s.grant.endsWith(" *") ? this.s.grant.slice(0, -2) : this.s.grant;
		return bare === "" || /[*?]/.test(bare) ? null : bare;
	}

	/**
	 * At `placement`, `example` was decided by `was` and is decided by `now` after the edit (`null`: by the grant,
	 * allowing it); `was` is a deny when `now` is the grant.
	 */
	expectChanged(
		targetConfig: PermissionConfig,
		placement: GrantPlacement,
		example: readonly string[],
		was: Rule,
		now: Rule | null,
	): void {
		const next = this.after(targetConfig, placement);
		expect(example.length).toBe(this.s.kind === "aliases" ? 2 : 1);
		const call = (policy: CompiledPolicy) =>
			this.s.kind === "aliases"
				? policy.evaluateAliases(this.s.surface, example)
				: policy.evaluate(this.s.surface, example[0] ?? "");
		const before = call(this.old);
		expect(before.rule).toEqual(was);
		const after = call(next);
		if (now === null) {
			expect(before.state).toBe("deny");
			expect(after.state).not.toBe("deny");
		} else {
			expect(after.rule).toEqual(now);
			expect(after.state).not.toBe(before.state);
		}
	}

	private after(targetConfig: PermissionConfig, placement: GrantPlacement): CompiledPolicy {
		const edited = configWithGrant(targetConfig, { surface: this.s.surface, pattern: this.s.grant }, placement);
		const after = scopes(
			this.s.target === "global" ? edited : this.s.global,
			this.s.target === "project" ? edited : this.s.project,
		);
		return composePolicy({ scopes: after, env: ENV }).decision;
	}
}

function decide(policy: CompiledPolicy, surface: string, kind: Kind, call: readonly string[]): RuleMatch {
	switch (kind) {
		case "one":
			return policy.evaluate(surface, call[0] ?? "");
		case "aliases":
			return policy.evaluateAliases(surface, call);
		case "candidates":
			return policy.evaluateCandidates(surface, call);
		default: {
			const unhandled: never = kind;
			throw new Error(`unhandled kind ${String(unhandled)}`);
		}
	}
}

function patternsOf(config: PermissionConfig | null, surface: string): string[] {
	const out: string[] = [];
	for (const key of [surface, "*"]) {
		const value = config?.permission?.[key];
		if (value === undefined || typeof value === "string") continue;
		out.push(...Object.keys(value));
	}
	return out;
}

function scopes(global: PermissionConfig | null, project: PermissionConfig | null): ScopeOutcome[] {
	return [
		global === null ? { scope: "global", status: "absent" } : { scope: "global", status: "valid", config: global },
		project === null ? { scope: "project", status: "absent" } : { scope: "project", status: "valid", config: project },
	];
}

/** Every string over `alphabet` up to `max` characters, shortest first. */
function strings(alphabet: string, max: number): string[] {
	const out = [""];
	let layer = [""];
	for (let length = 1; length <= max; length++) {
		layer = layer.flatMap((prefix) => [...alphabet].map((c) => prefix + c));
		out.push(...layer);
	}
	return out;
}
