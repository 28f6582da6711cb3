import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../../src/compiled-policy";
import { composePolicy, type ScopeOutcome } from "../../src/composition/policy-composition";
import type { PatternValue, PermissionConfig, SurfaceValue } from "../../src/config/permission-config";
import { type ManagedOutcome, managedRules } from "../../src/managed/managed-scope";
import { PERMISSION_MODES } from "../../src/modes/permission-mode";
import type { PermissionState } from "../../src/permission-state";
import type { ScopeName } from "../../src/rule";
import type { RuleMatch } from "../../src/rule-match";
import { SessionRuleStore } from "../../src/session/session-rule-store";
import { PATH_SURFACES } from "../../src/surface";
import { ENV } from "../support/corpus-configs";

/**
 * ADR 0055, over random lower scopes (valid and broken), random managed files (trusted, refused, broken), yolo, every
 * mode, random session grants and random calls on every surface form: whatever the managed tier alone says `deny` is
 * denied, and whatever it alone says `ask` is never allowed.
 */
const RUNS = { numRuns: 1200 };
const word = fc.constantFrom("rm", "git", "push", "-rf", "curl", "x", "a.env", "exa", "search", "/p", "~");
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
const lower: fc.Arbitrary<ScopeOutcome> = fc.oneof(
	fc.record({ scope: scopeName, permission, yoloMode: fc.boolean() }).map(
		({ scope, permission: p, yoloMode }): ScopeOutcome => ({
			scope,
			status: "valid",
			config: { permission: p, yoloMode },
		}),
	),
	fc.record({ scope: scopeName, permission }).map(
		({ scope, permission: p }): ScopeOutcome => ({
			scope,
			status: "invalid",
			issues: [{ keyPath: ["permission"], message: "broken", hint: "fix it", severity: "error" }],
			salvaged: { permission: p },
		}),
	),
);
const FILE = "/etc/pi-permissions/managed.json";
const managedConfig: fc.Arbitrary<PermissionConfig> = fc
	.record({ permission, allowManagedRulesOnly: fc.boolean(), disableYolo: fc.boolean() })
	.map((config) => config);
const managed: fc.Arbitrary<ManagedOutcome> = fc.oneof(
	managedConfig.map((config): ManagedOutcome => ({ status: "trusted", file: FILE, sha256: "0", config })),
	fc.constant<ManagedOutcome>({ status: "refused", file: FILE, problem: "owned by uid 1000", fix: "chown root" }),
	permission.map(
		(p): ManagedOutcome => ({
			status: "invalid",
			file: FILE,
			sha256: "0",
			problem: "broken",
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

/** What the managed tier alone says: its rules evaluated as an ordinary ruleset; `null` when none matched. */
function managedAlone(outcome: ManagedOutcome, c: Call): PermissionState | null {
	const rules = managedRules(outcome).map((rule) => ({ ...rule, origin: "global" as const }));
	const match = decide(CompiledPolicy.compile(rules, ENV), c);
	return match.rule === null ? null : match.state;
}

describe("the managed scope above all (property, ADR 0055)", () => {
	it("no lower scope, grant, mode or yolo turns a managed deny or ask into an allow", () => {
		fc.assert(
			fc.property(
				fc.array(lower, { maxLength: 3 }),
				managed,
				fc.constantFrom(...PERMISSION_MODES),
				fc.option(fc.boolean(), { nil: undefined }),
				fc.array(grant, { maxLength: 4 }),
				fc.array(call, { minLength: 1, maxLength: 4 }),
				(scopes, outcome, mode, yolo, grants, calls) => {
					const composed = composePolicy({
						scopes,
						env: ENV,
						managed: outcome,
						mode,
						...(yolo === undefined ? {} : { yolo }),
					});
					const store = new SessionRuleStore();
					for (const g of grants) store.add(g);
					const policy = composed.decision.withSessionRules(store.rules(), ENV);
					for (const c of calls) {
						const alone = managedAlone(outcome, c);
						const decided = decide(policy, c);
						if (alone === "deny") expect(decided.state).toBe("deny");
						if (alone === "ask") expect(decided.state).not.toBe("allow");
					}
				},
			),
			RUNS,
		);
	});
});
