import { compileWildcard } from "@pi-permissions/policy";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIndexLikeKey, keyOrderIssues, MAX_KEY_ORDER_ISSUES } from "../../src/config/key-order-check";
import type { OrderedValue } from "../../src/config/ordered-value";

type Written = readonly (readonly [string, OrderedValue])[];

/** `{ permission: { <surface>: <patterns> } }` as the parsers build it, every map in the order given. */
const written = (surfaces: readonly (readonly [string, Written | string])[]): OrderedValue =>
	new Map([
		[
			"permission",
			new Map(surfaces.map(([surface, value]) => [surface, typeof value === "string" ? value : new Map(value)])),
		],
	]);
const writtenBash = (bash: Written): OrderedValue => written([["bash", bash]]);

describe("isIndexLikeKey", () => {
	it.each(["0", "7", "42", "4294967294"])("treats %j as number-like", (key) => {
		expect(isIndexLikeKey(key)).toBe(true);
	});

	it.each(["", "-1", "01", "1.5", "1e3", " 1", "4294967295", "99999999999", "*", "0 *"])(
		"keeps %j in written order",
		(key) => {
			expect(isIndexLikeKey(key)).toBe(false);
		},
	);

	it("agrees with JavaScript's own key order", () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.nat().map(String), fc.string({ maxLength: 12 }), fc.constantFrom("4294967294", "4294967295")),
				(key) => {
					const order = Object.keys({ "~": 1, [key]: 2 });
					expect(order[0] === key && key !== "~").toBe(isIndexLikeKey(key));
				},
			),
			{ numRuns: 300 },
		);
	});
});

describe("keyOrderIssues", () => {
	it.each([
		{
			title: "a number-like pattern after a pattern that decides it differently",
			bash: [
				["*", "allow"],
				["0", "deny"],
			] as const,
			issues: [{ keyPath: ["permission", "bash", "0"], severity: "error" }],
		},
		{
			title: "a number-like pattern after `N *`, which matches the bare command",
			bash: [
				["4 *", "deny"],
				["4", "allow"],
			] as const,
			issues: [{ keyPath: ["permission", "bash", "4"], severity: "error" }],
		},
		{
			title: "a deny-with-reason that meets a different action",
			bash: [
				["1*", "allow"],
				["12", new Map([["action", "deny"]])],
			] as const,
			issues: [{ keyPath: ["permission", "bash", "12"], severity: "error" }],
		},
		{
			title: "a number-like pattern after a pattern with the same action",
			bash: [
				["*", "deny"],
				["0", "deny"],
			] as const,
			issues: [{ keyPath: ["permission", "bash", "0"], severity: "warning" }],
		},
		{
			title: "a number-like pattern after patterns that do not match it",
			bash: [
				["git *", "allow"],
				["7", "deny"],
			] as const,
			issues: [{ keyPath: ["permission", "bash", "7"], severity: "warning" }],
		},
		{
			title: "number-like patterns written first",
			bash: [
				["0", "deny"],
				["9", "allow"],
				["*", "ask"],
			] as const,
			issues: [],
		},
		{
			title: "no number-like patterns",
			bash: [
				["*", "ask"],
				["01", "deny"],
			] as const,
			issues: [],
		},
	])("reports $title", ({ bash, issues }) => {
		expect(keyOrderIssues(writtenBash(bash))).toEqual(issues.map((issue) => expect.objectContaining(issue)));
	});

	it("warns about a number-like surface written after others, and never blames the universal surface", () => {
		expect(
			keyOrderIssues(
				written([
					["*", "allow"],
					["42", "deny"],
				]),
			),
		).toEqual([expect.objectContaining({ keyPath: ["permission", "42"], severity: "warning" })]);
	});

	it("fails a number-like surface that a wildcard surface written above it would decide", () => {
		expect(
			keyOrderIssues(
				written([
					["4*", "allow"],
					["42", "deny"],
				]),
			),
		).toEqual([expect.objectContaining({ keyPath: ["permission", "42"], severity: "error" })]);
	});

	it("names the key in the message and says how to fix it", () => {
		const [issue] = keyOrderIssues(
			writtenBash([
				["*", "allow"],
				["0", "deny"],
			]),
		);
		expect(issue?.message).toBe("the number-like pattern `0` is read before `*`, which then decides it instead");
		expect(issue?.hint).toContain("`0 *`");
	});

	it("caps the issues and checks only a bounded number of moved keys", () => {
		const patterns: [string, OrderedValue][] = [["*", "deny"]];
		for (let n = 0; n < 500; n++) patterns.push([String(n), "deny"]);
		const issues = keyOrderIssues(writtenBash(patterns));
		expect(issues).toHaveLength(MAX_KEY_ORDER_ISSUES + 1);
		// 400 moved keys were not compared: the summary fails closed.
		expect(issues.at(-1)).toMatchObject({ message: "…and 480 more number-like keys", severity: "error" });
	});

	it("never lets the move change a decision without an error", () => {
		const key = fc.constantFrom("*", "1*", "*2", "0", "1", "2", "12", "a", "1 *", "?");
		const action = fc.constantFrom("allow", "ask", "deny");
		fc.assert(
			fc.property(fc.uniqueArray(fc.tuple(key, action), { selector: ([k]) => k, maxLength: 7 }), (patterns) => {
				const asObject: Record<string, string> = Object.fromEntries(patterns);
				const lastMatch = (order: readonly (readonly [string, string])[], value: string) =>
					order.findLast(([pattern]) => compileWildcard(pattern).test(value))?.[1];
				const changed = patterns.some(
					([value]) => lastMatch(patterns, value) !== lastMatch(Object.entries(asObject), value),
				);
				const hasError = keyOrderIssues(writtenBash(patterns)).some((issue) => issue.severity === "error");
				if (changed) expect(hasError).toBe(true);
			}),
			{ numRuns: 500 },
		);
	});
});
