import { describe, expect, it } from "vitest";
import { lawBreak, shadowingRule } from "../../src/grants/grant-law";
import type { Rule } from "../../src/rule";
import { ENV } from "../support/corpus-configs";

const rule = (surface: string, pattern: string, action: Rule["action"], origin: Rule["origin"] = "global"): Rule => ({
	surface,
	pattern,
	action,
	origin,
});
const DEFAULT = rule("*", "*", "ask", "builtin");
const grant = (surface: string, pattern: string) => rule(surface, pattern, "allow", "project");

interface Row {
	readonly id: string;
	readonly before: readonly Rule[];
	readonly after: readonly Rule[];
	readonly grant: Rule;
	readonly expected: ReturnType<typeof lawBreak>;
}

const RM_RF = rule("bash", "rm -rf *", "deny");
const ROWS: readonly Row[] = [
	{
		id: "a grant after an overlapping deny lifts it, shown by a value both match",
		before: [DEFAULT, RM_RF],
		after: [DEFAULT, RM_RF, grant("bash", "rm *")],
		grant: grant("bash", "rm *"),
		expected: { kind: "lifts-deny", rule: RM_RF, example: ["rm -rf"] },
	},
	{
		id: "a grant before the deny it overlaps lifts nothing",
		before: [DEFAULT, RM_RF],
		after: [DEFAULT, grant("bash", "rm *"), RM_RF],
		grant: grant("bash", "rm *"),
		expected: null,
	},
	{
		id: "a rule between the deny and the grant that covers the deny screens it",
		before: [DEFAULT, RM_RF, rule("bash", "rm -rf *", "ask", "project")],
		after: [DEFAULT, RM_RF, rule("bash", "rm -rf *", "ask", "project"), grant("bash", "rm *")],
		grant: grant("bash", "rm *"),
		expected: null,
	},
	{
		id: "two rules together screen what neither covers alone",
		before: [DEFAULT, rule("bash", "a*", "deny"), rule("bash", "a", "ask"), rule("bash", "a?*", "ask")],
		after: [
			DEFAULT,
			rule("bash", "a*", "deny"),
			rule("bash", "a", "ask"),
			rule("bash", "a?*", "ask"),
			grant("bash", "a*"),
		],
		grant: grant("bash", "a*"),
		expected: null,
	},
	{
		id: "a disjoint deny is no matter on a single-value surface",
		before: [DEFAULT, rule("bash", "git push --force *", "deny")],
		after: [DEFAULT, rule("bash", "git push --force *", "deny"), grant("bash", "npm test *")],
		grant: grant("bash", "npm test *"),
		expected: null,
	},
	{
		id: "on a path surface a disjoint deny is lifted through two spellings of one path",
		before: [DEFAULT, rule("read", "*.env", "deny")],
		after: [DEFAULT, rule("read", "*.env", "deny"), grant("read", "/p/src/*")],
		grant: grant("read", "/p/src/*"),
		expected: { kind: "lifts-deny", rule: rule("read", "*.env", "deny"), example: [".env", "/p/src/"] },
	},
	{
		id: "a lower scope's rule brought back over the target's plain action changes its values",
		before: [DEFAULT, rule("bash", "*", "ask", "project")],
		after: [DEFAULT, rule("bash", "*", "ask", "project"), rule("bash", "a", "allow", "global"), grant("bash", "b *")],
		grant: grant("bash", "b *"),
		expected: {
			kind: "changes",
			rule: rule("bash", "a", "allow", "global"),
			over: rule("bash", "*", "ask", "project"),
			example: ["a"],
		},
	},
	{
		id: "a brought-back rule that a later catch-all shadows changes nothing",
		before: [DEFAULT, rule("bash", "*", "ask", "project")],
		after: [DEFAULT, rule("bash", "a", "deny", "global"), rule("bash", "*", "ask", "project"), grant("bash", "b *")],
		grant: grant("bash", "b *"),
		expected: null,
	},
	{
		id: "a grant in place of a lower scope's deny with its pattern lifts it",
		before: [DEFAULT, rule("bash", "npm *", "deny")],
		after: [DEFAULT, grant("bash", "npm *")],
		grant: grant("bash", "npm *"),
		expected: { kind: "lifts-deny", rule: rule("bash", "npm *", "deny"), example: ["npm"] },
	},
];

describe("lawBreak", () => {
	it.each(ROWS)("$id", ({ before, after, grant: g, expected }) => {
		expect(lawBreak({ before, after, grant: g, env: ENV })).toEqual(expected);
	});
});

describe("shadowingRule", () => {
	it("is null when the grant decides some value", () => {
		const after = [DEFAULT, grant("bash", "npm *"), rule("bash", "npm publish *", "deny")];
		expect(shadowingRule({ before: [], after, grant: grant("bash", "npm *"), env: ENV })).toBeNull();
	});

	it("names the later rule that covers every value of the grant", () => {
		const later = rule("bash", "npm *", "ask", "project");
		const after = [DEFAULT, grant("bash", "npm test *"), later];
		expect(shadowingRule({ before: [], after, grant: grant("bash", "npm test *"), env: ENV })).toEqual({ rule: later });
	});

	it("names a higher scope's line with the grant's pattern that keeps another action", () => {
		const higher = rule("bash", "npm test *", "ask", "project");
		const after = [DEFAULT, higher];
		expect(shadowingRule({ before: [], after, grant: grant("bash", "npm test *"), env: ENV })).toEqual({
			rule: higher,
		});
	});
});
