import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompiledPolicy } from "../src/compiled-policy";
import { composePolicy, type ScopeOutcome } from "../src/composition/policy-composition";
import type { PatternValue, SurfaceValue } from "../src/config/permission-config";
import type { PermissionState } from "../src/permission-state";
import type { ScopeName } from "../src/rule";
import type { RuleMatch } from "../src/rule-match";
import { SessionRuleStore } from "../src/session/session-rule-store";
import { PATH_SURFACES } from "../src/surface";
import { ENV } from "./support/corpus-configs";

/**
 * The grant law (ADR 0022), over random policies, random grants and random calls on every surface kind:
 * a call denied without grants is denied with them, a call allowed without grants is allowed by the same rule, and a
 * grant only ever turns an ask into an allow.
 */
const RUNS = { numRuns: 1500 };
const word = fc.constantFrom("rm", "git", "push", "-rf", "--force", "x", "a.env", "exa", "search", "/p", "~");
const value = fc.array(word, { minLength: 0, maxLength: 4 }).map((words) => words.join(" "));
const pattern = fc.oneof(
	value,
	value.map((v) => `${v} *`),
	value.map((v) => `${v}*`),
	value.map((v) => `*${v}`),
	fc.constant("*"),
);
const state = fc.constantFrom<PermissionState>("allow", "ask", "deny");
const patternValue: fc.Arbitrary<PatternValue> = fc.oneof(
	state,
	fc.constant({ action: "deny", reason: "no" } as const),
);
const SURFACES = ["*", "bash", "path", "read", "write", "mcp", "skill", "external_directory", "my_tool"] as const;
const surfaceValue: fc.Arbitrary<SurfaceValue> = fc.oneof(state, fc.dictionary(pattern, patternValue, { maxKeys: 5 }));
const permission = fc.dictionary(fc.constantFrom(...SURFACES), surfaceValue, { maxKeys: 5 });
const scopeName = fc.constantFrom<ScopeName>("global", "project", "agent", "project-agent");
const outcome: fc.Arbitrary<ScopeOutcome> = fc.oneof(
	fc
		.record({ scope: scopeName, permission })
		.map(({ scope, permission: p }): ScopeOutcome => ({ scope, status: "valid", config: { permission: p } })),
	fc.record({ scope: scopeName, permission }).map(
		({ scope, permission: p }): ScopeOutcome => ({
			scope,
			status: "invalid",
			issues: [{ keyPath: ["permission"], message: "broken", hint: "fix it", severity: "error" }],
			salvaged: { permission: p },
		}),
	),
);
const grant = fc.record({ surface: fc.constantFrom(...SURFACES.filter((s) => s !== "*")), pattern });

type Call = { readonly kind: "one" | "aliases" | "candidates"; readonly surface: string; readonly values: string[] };
const call: fc.Arbitrary<Call> = fc.oneof(
	fc
		.record({ surface: fc.constantFrom("bash", "skill", "my_tool", "write"), values: value.map((v) => [v]) })
		.map((c): Call => ({ kind: "one", ...c })),
	fc
		.record({ surface: fc.constantFrom(...PATH_SURFACES), values: fc.array(value, { minLength: 1, maxLength: 3 }) })
		.map((c): Call => ({ kind: "aliases", ...c })),
	fc
		.record({ surface: fc.constant("mcp"), values: fc.array(value, { minLength: 1, maxLength: 4 }) })
		.map((c): Call => ({ kind: "candidates", ...c })),
);

function decide(policy: CompiledPolicy, c: Call): RuleMatch {
	switch (c.kind) {
		case "one":
			return policy.evaluate(c.surface, c.values[0] ?? "");
		case "aliases":
			return policy.evaluateAliases(c.surface, c.values);
		case "candidates":
			return policy.evaluateCandidates(c.surface, c.values);
		default: {
			const unhandled: never = c.kind;
			throw new Error(`unhandled call ${String(unhandled)}`);
		}
	}
}

describe("CompiledPolicy grant law (property, ADR 0022)", () => {
	it("grants only turn asks into allows, under random policies, overlays, grants and calls", () => {
		fc.assert(
			fc.property(
				fc.array(outcome, { maxLength: 3 }),
				fc.boolean(),
				fc.array(grant, { maxLength: 4 }),
				fc.array(call, { minLength: 1, maxLength: 4 }),
				(scopes, yolo, grants, calls) => {
					const composed = composePolicy({ scopes, env: ENV, yolo });
					const store = new SessionRuleStore();
					for (const g of grants) store.add(g);
					const withGrants = composed.decision.withSessionRules(store.rules(), ENV);
					for (const c of calls) {
						const before = decide(composed.decision, c);
						const after = decide(withGrants, c);
						if (before.state === "deny") expect(after).toEqual(before);
						if (before.state === "allow") expect(after).toEqual(before);
						if (after.state !== before.state) expect([before.state, after.state]).toEqual(["ask", "allow"]);
					}
				},
			),
			RUNS,
		);
	});
});
