import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompiledPolicy, type PolicyEnvironment } from "../../src/compiled-policy";
import { POSIX_FLAVOR } from "../../src/path-flavor";
import type { Rule } from "../../src/rule";
import { BASH_ARITY_TABLE } from "../../src/session/bash-arity-table";
import { normalizeUnitText } from "../../src/session/bash-session-pattern";
import { sessionGrantRequests, suggestSessionApproval } from "../../src/session/session-suggestion";

const RUNS = { numRuns: 300 };
const ENV: PolicyEnvironment = { home: "/home/u", flavor: POSIX_FLAVOR };
const DEFAULT_ASK: Rule = { surface: "*", pattern: "*", action: "ask", origin: "builtin" };

const word = fc.stringMatching(/^[a-z][a-z0-9_.:-]{0,6}$/);
const looseText = fc.string({ maxLength: 12 });
const request = fc.oneof(
	fc.record({
		surface: fc.constant("bash"),
		value: fc
			.tuple(
				fc.constantFrom(...BASH_ARITY_TABLE.map(([p]) => p)),
				fc.array(fc.oneof(word, looseText), { maxLength: 4 }),
			)
			.map(([prefix, rest]) => [prefix, ...rest].join(" ")),
	}),
	fc.record({
		surface: fc.constant("mcp"),
		value: fc.oneof(
			looseText,
			word.map((w) => `${w}:tool`),
		),
	}),
	fc.record({ surface: fc.constant("skill"), value: looseText }),
	fc.record({
		surface: fc.constantFrom("read", "write", "path", "external_directory"),
		value: fc.array(word, { minLength: 1, maxLength: 4 }).map((segs) => `/${segs.join("/")}`),
	}),
	fc.record({ surface: fc.constantFrom("my_tool", "grep"), value: fc.constant("*") }),
);

describe("suggestSessionApproval (property)", () => {
	it("recorded as session rules, always allows the request it was made for", () => {
		fc.assert(
			fc.property(request, ({ surface, value }) => {
				const suggestion = suggestSessionApproval(surface, value, { flavor: POSIX_FLAVOR });
				if (suggestion === null) return;
				const rules: Rule[] = sessionGrantRequests(suggestion).map((r) => ({
					...r,
					action: "allow",
					origin: "session",
				}));
				const policy = CompiledPolicy.compile([DEFAULT_ASK], ENV).withSessionRules(rules, ENV);
				const asked = surface === "bash" ? normalizeUnitText(value) : value;
				expect(policy.evaluate(surface, asked).state).toBe("allow");
			}),
			RUNS,
		);
	});

	it("never offers the universal surface or a catch-all on a path-only surface", () => {
		fc.assert(
			fc.property(fc.constantFrom("*", "", "re*", "ba?h"), looseText, (surface, value) => {
				expect(suggestSessionApproval(surface, value, { flavor: POSIX_FLAVOR })).toBeNull();
			}),
			RUNS,
		);
		expect(suggestSessionApproval("path", "*", { flavor: POSIX_FLAVOR })).toBeNull();
		expect(suggestSessionApproval("external_directory", "**", { flavor: POSIX_FLAVOR })).toBeNull();
	});
});
