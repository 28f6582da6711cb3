import { describe, expect, it } from "vitest";
import {
	type BudgetDimension,
	budgetReason,
	DEFAULT_PARSE_LIMITS,
	ParseBudget,
} from "../../../src/bash/reading/parse-budget";

describe("ParseBudget", () => {
	it("counts work and reports the first dimension that ran out", () => {
		const budget = new ParseBudget({ ...DEFAULT_PARSE_LIMITS, maxVisitedNodes: 2, maxUnits: 1 });
		expect(budget.spendNode()).toBe(true);
		expect(budget.spendNode()).toBe(true);
		expect(budget.spendNode()).toBe(false);
		expect(budget.exceeded).toBe("visited-nodes");
		expect(budget.spendUnit(1)).toBe(false);
		expect(budget.exceeded).toBe("visited-nodes");
		expect(budget.work.visitedNodes).toBe(3);
	});

	it("tracks the deepest nesting it was asked about", () => {
		const budget = new ParseBudget();
		expect(budget.enterNesting(3)).toBe(true);
		expect(budget.enterNesting(1)).toBe(true);
		expect(budget.work.deepestNesting).toBe(3);
		expect(budget.enterNesting(DEFAULT_PARSE_LIMITS.maxNestingDepth + 1)).toBe(false);
		expect(budget.exceeded).toBe("nesting-depth");
	});
});

/** Each bound's reason names the limit in a person's words (ADR 0020) and keeps the dimension's name. */
const REASONS: readonly { readonly dimension: BudgetDimension; readonly words: string }[] = [
	{ dimension: "input-chars", words: "too long to check: over 512 KiB; split it" },
	{ dimension: "parse-ticks", words: "too complex to check: parsing it takes more work than the check allows" },
	{ dimension: "visited-nodes", words: "too large to check: more than 200,000 syntax nodes; split it" },
	{ dimension: "units", words: "too large to check: more than 5,000 commands; split it" },
	{ dimension: "nesting-depth", words: "nested too deeply to check (128 levels)" },
	{ dimension: "payload-depth", words: "more than 3 shells inside one another" },
	{ dimension: "unit-text-chars", words: "its commands' text passes 4 MiB" },
];

describe("budgetReason", () => {
	it.each(REASONS)("$dimension reads as: $words", ({ dimension, words }) => {
		const reason = budgetReason(dimension);
		expect(reason).toContain(words);
		expect(reason).toContain(dimension);
	});

	it("names the limits actually in force", () => {
		expect(budgetReason("units", { ...DEFAULT_PARSE_LIMITS, maxUnits: 12 })).toContain("more than 12 commands");
	});

	it("is what the budget reports once a bound ran out, and nothing before", () => {
		const budget = new ParseBudget({ ...DEFAULT_PARSE_LIMITS, maxUnits: 1 });
		expect(budget.exceededReason).toBeNull();
		budget.spendUnit(1);
		budget.spendUnit(1);
		expect(budget.exceededReason).toBe(budgetReason("units", budget.limits));
	});
});
