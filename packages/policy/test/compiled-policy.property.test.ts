import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompiledPolicy } from "../src/compiled-policy";
import { composePolicy, type ScopeOutcome } from "../src/composition/policy-composition";
import { POSIX_FLAVOR, WIN32_FLAVOR } from "../src/path-flavor";
import type { PermissionState } from "../src/permission-state";
import type { Rule } from "../src/rule";
import { compileWildcard } from "../src/wildcard";
import { linearEvaluate, referenceRegex } from "./support/linear-evaluate";

const RUNS = { numRuns: 400 };
const alphabet = fc.constantFrom("a", "b", "*", "?", " ", "/", ".", "\n", "~", "$", "A", "\\");
const text = (max: number) => fc.array(alphabet, { maxLength: max }).map((chars) => chars.join(""));
const state = fc.constantFrom<PermissionState>("allow", "ask", "deny");
const surface = fc.constantFrom("bash", "read", "path", "mcp", "*", "re*", "ba?h");
const rule: fc.Arbitrary<Rule> = fc.record({
	surface,
	pattern: text(6),
	action: state,
	origin: fc.constantFrom("global", "project", "session", "builtin") as fc.Arbitrary<Rule["origin"]>,
});
const HOME = "/home/u";

describe("compileWildcard (property)", () => {
	it("agrees with a regex translation of the same pattern", () => {
		fc.assert(
			fc.property(text(8), text(10), (pattern, value) => {
				expect(compileWildcard(pattern).test(value)).toBe(referenceRegex(pattern).test(value));
			}),
			RUNS,
		);
	});

	it("matches a pattern without wildcards only against itself", () => {
		const literal = fc.array(fc.constantFrom("a", "b", ".", "/"), { maxLength: 6 }).map((c) => c.join(""));
		fc.assert(
			fc.property(literal, literal, (pattern, value) => {
				expect(compileWildcard(pattern).test(value)).toBe(pattern === value);
			}),
			RUNS,
		);
	});

	it("lets `x *` match bare `x`", () => {
		const word = fc.array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 5 }).map((c) => c.join(""));
		fc.assert(
			fc.property(word, (w) => {
				expect(compileWildcard(`${w} *`).test(w)).toBe(true);
			}),
			RUNS,
		);
	});
});

describe("CompiledPolicy (property)", () => {
	it("decides like a linear scan of the same rules (posix and win32)", () => {
		fc.assert(
			fc.property(fc.array(rule, { maxLength: 25 }), surface, text(8), fc.boolean(), (rules, s, value, win) => {
				const flavor = win ? WIN32_FLAVOR : POSIX_FLAVOR;
				if (s.includes("*") || s.includes("?")) return; // evaluated surfaces are concrete names
				const compiled = CompiledPolicy.compile(rules, { home: HOME, flavor });
				const expected = linearEvaluate(rules, s, value, HOME, flavor);
				const actual = compiled.evaluate(s, value);
				expect(actual.rule).toBe(expected ?? null);
			}),
			RUNS,
		);
	});

	it("lets session rules answer exactly where the composed rules alone say ask (ADR 0022)", () => {
		// Changed by ADR 0022: session rules used to follow the composed rules as one concatenated list, so a grant
		// overrode a deny it overlapped. The composed result now stands unless it is an ask.
		fc.assert(
			fc.property(
				fc.array(rule, { maxLength: 15 }),
				fc.array(rule, { maxLength: 5 }),
				text(6),
				(base, session, value) => {
					const env = { home: HOME, flavor: POSIX_FLAVOR };
					const layered = CompiledPolicy.compile(base, env).withSessionRules(session, env);
					const composedOnly = CompiledPolicy.compile(base, env).evaluate("bash", value);
					const sessionOnly = linearEvaluate(session, "bash", value, HOME, POSIX_FLAVOR);
					const expected = composedOnly.state === "ask" && sessionOnly ? sessionOnly : composedOnly.rule;
					expect(layered.evaluate("bash", value).rule).toBe(expected);
				},
			),
			RUNS,
		);
	});

	it("is deterministic: the same question gets the same answer", () => {
		fc.assert(
			fc.property(fc.array(rule, { maxLength: 20 }), text(8), (rules, value) => {
				const env = { home: HOME, flavor: POSIX_FLAVOR };
				const a = CompiledPolicy.compile(rules, env);
				const b = CompiledPolicy.compile(rules, env);
				expect(a.evaluate("bash", value)).toEqual(a.evaluate("bash", value));
				expect(a.evaluate("bash", value)).toEqual(b.evaluate("bash", value));
			}),
			RUNS,
		);
	});
});

const patternMap = fc.dictionary(
	text(5).filter((k) => k.length > 0),
	state,
	{ maxKeys: 6 },
);
const permission = fc.dictionary(fc.constantFrom("*", "bash", "read", "mcp", "path"), fc.oneof(state, patternMap), {
	maxKeys: 4,
});

describe("composePolicy overlays (property)", () => {
	it("yolo never changes a deny", () => {
		fc.assert(
			fc.property(permission, fc.constantFrom("bash", "read", "mcp", "path", "other"), text(8), (perm, s, value) => {
				const scopes: ScopeOutcome[] = [{ scope: "global", status: "valid", config: { permission: perm } }];
				const env = { home: HOME, flavor: POSIX_FLAVOR };
				const plain = composePolicy({ scopes, env, yolo: false }).decision.evaluate(s, value);
				const yolo = composePolicy({ scopes, env, yolo: true }).decision.evaluate(s, value);
				if (plain.state === "deny") expect(yolo.state).toBe("deny");
				else expect(yolo.state).toBe("allow");
			}),
			RUNS,
		);
	});

	it("fail-closed never yields an allow", () => {
		fc.assert(
			fc.property(
				permission,
				fc.constantFrom("project", "agent", "project-agent") as fc.Arbitrary<"project">,
				text(8),
				(perm, broken, value) => {
					const scopes: ScopeOutcome[] = [
						{ scope: "global", status: "valid", config: { permission: perm } },
						{ scope: broken, status: "invalid", issues: [] },
					];
					const composed = composePolicy({ scopes, env: { home: HOME, flavor: POSIX_FLAVOR }, yolo: false });
					for (const s of ["bash", "read", "mcp", "path", "other"]) {
						expect(composed.decision.evaluate(s, value).state).not.toBe("allow");
						expect(composed.toolPermission(s)).not.toBe("allow");
					}
				},
			),
			RUNS,
		);
	});
});
